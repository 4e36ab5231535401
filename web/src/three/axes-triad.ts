/**
 * An axes triad in a corner of the view (x red, y green, z blue): it turns
 * with the camera and shows which way the world's axes point.
 */
import * as THREE from "three";

/** Size of the triad's square (CSS pixels). */
const TRIAD_SIZE = 84;

const AXES = [
  { dir: new THREE.Vector3(1, 0, 0), colour: "#d64545", label: "X" },
  { dir: new THREE.Vector3(0, 1, 0), colour: "#3f9142", label: "Y" },
  { dir: new THREE.Vector3(0, 0, 1), colour: "#2f6fd0", label: "Z" },
] as const;

/** The triad's own scene and camera, drawn after the main scene into a corner viewport. */
export class AxesTriad {
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.OrthographicCamera(-1.6, 1.6, 1.6, -1.6, 0.1, 10);
  private readonly disposables: { dispose(): void }[] = [];
  /** Reused every frame. */
  private readonly size = new THREE.Vector2();

  constructor() {
    for (const a of AXES) {
      const colour = new THREE.Color(a.colour);
      const arrow = new THREE.ArrowHelper(a.dir, new THREE.Vector3(), 1, colour, 0.28, 0.14);
      this.scene.add(arrow);
      const texture = labelTexture(a.label, a.colour);
      const material = new THREE.SpriteMaterial({ map: texture, depthTest: false });
      const sprite = new THREE.Sprite(material);
      sprite.position.copy(a.dir).multiplyScalar(1.32);
      sprite.scale.setScalar(0.5);
      this.scene.add(sprite);
      this.disposables.push(texture, material, arrow);
    }
  }

  /** Draws the triad in the bottom-left corner, oriented like `view`. */
  render(renderer: THREE.WebGLRenderer, view: THREE.Camera): void {
    this.camera.position.set(0, 0, 4).applyQuaternion(view.quaternion);
    this.camera.quaternion.copy(view.quaternion);
    this.camera.updateMatrixWorld();
    const size = renderer.getSize(this.size);
    const s = Math.min(TRIAD_SIZE, size.x / 3, size.y / 3);
    const autoClear = renderer.autoClear;
    renderer.autoClear = false;
    renderer.clearDepth();
    renderer.setScissorTest(true);
    renderer.setScissor(6, 6, s, s);
    renderer.setViewport(6, 6, s, s);
    renderer.render(this.scene, this.camera);
    renderer.setScissorTest(false);
    renderer.setViewport(0, 0, size.x, size.y);
    renderer.autoClear = autoClear;
  }

  /** Frees the triad's textures and materials. */
  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

function labelTexture(text: string, colour: string): THREE.CanvasTexture {
  const c = document.createElement("canvas");
  c.width = 64;
  c.height = 64;
  const g = c.getContext("2d");
  if (g) {
    g.font = "bold 44px system-ui, sans-serif";
    g.fillStyle = colour;
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(text, 32, 34);
  }
  const t = new THREE.CanvasTexture(c);
  t.colorSpace = THREE.SRGBColorSpace;
  return t;
}
