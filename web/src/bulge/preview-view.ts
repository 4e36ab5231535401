/**
 * The bulge preview's 3-D view: one deformed triangle mesh (positions and
 * normals updated in place in their BufferAttributes), the posed bones as
 * lines, orbit controls, fit. Nothing is allocated per update.
 */
import * as THREE from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { AxesTriad } from "../three/axes-triad.js";
import { sizeToContainer } from "../three/canvas-size.js";
import { vertexNormals } from "./preview-math.js";

/** Where the camera looks from and which way is up, in the mesh's frame. */
export interface ViewDirection {
  readonly from: readonly [number, number, number];
  readonly up: readonly [number, number, number];
}

/** The WebGL view of one mesh. */
export class PreviewView {
  readonly renderer: THREE.WebGLRenderer;
  readonly camera = new THREE.PerspectiveCamera(35, 1, 0.001, 1000);
  private readonly scene = new THREE.Scene();
  private readonly controls: OrbitControls;
  private readonly triad = new AxesTriad();
  private readonly resize: ResizeObserver;
  private readonly material = new THREE.MeshStandardMaterial({
    vertexColors: true,
    roughness: 0.6,
    metalness: 0,
    side: THREE.DoubleSide,
  });
  private readonly boneMaterial = new THREE.LineBasicMaterial({
    color: 0x1f2933,
    depthTest: false,
  });
  private mesh: THREE.Mesh | undefined;
  private bones: THREE.LineSegments | undefined;
  private triangles: Uint32Array = new Uint32Array(0);
  private direction: ViewDirection = { from: [0.35, -1, 0.55], up: [0, 0, 1] };
  /** True from a fit until the user moves the camera: resizing fits again. */
  private fitted = false;
  private readonly box = new THREE.Box3();
  /** The extent {@link fit} frames: every pose {@link include}d since the mesh was set. */
  private readonly extent = new THREE.Box3();
  private readonly centre = new THREE.Vector3();
  private readonly back = new THREE.Vector3();
  private readonly right = new THREE.Vector3();
  private readonly up = new THREE.Vector3();
  private readonly corner = new THREE.Vector3();

  constructor(readonly container: HTMLElement) {
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setClearColor(0xf4f5f7);
    container.append(this.renderer.domElement);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = false;
    this.controls.addEventListener("change", () => this.render());
    this.controls.addEventListener("start", () => {
      this.fitted = false;
    });
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8090a0, 1.5));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    // Lights ride with the camera, so the side one looks at is always lit.
    this.camera.add(sun);
    sun.position.set(0.5, 1, 1);
    this.scene.add(this.camera);
    this.resize = new ResizeObserver(() => this.fitCanvas());
    this.resize.observe(container);
    this.fitCanvas();
  }

  /**
   * Shows a new mesh: `positions` (x, y, z per vertex; the view keeps and
   * later rewrites its own copy), `triangles` (3 vertex indices each), and
   * `boneCount` bones drawn as segments.
   */
  setMesh(positions: Float32Array, triangles: Uint32Array, boneCount: number): void {
    this.clearMesh();
    const geometry = new THREE.BufferGeometry();
    const position = new THREE.BufferAttribute(new Float32Array(positions), 3);
    position.setUsage(THREE.DynamicDrawUsage);
    const normal = new THREE.BufferAttribute(new Float32Array(positions.length), 3);
    normal.setUsage(THREE.DynamicDrawUsage);
    geometry.setAttribute("position", position);
    geometry.setAttribute("normal", normal);
    const colour = new THREE.BufferAttribute(new Float32Array(positions.length), 3);
    colour.setUsage(THREE.DynamicDrawUsage);
    geometry.setAttribute("color", colour);
    geometry.setIndex(new THREE.BufferAttribute(triangles, 1));
    this.triangles = triangles;
    this.extent.makeEmpty();
    vertexNormals(position.array, triangles, normal.array as Float32Array);
    this.mesh = new THREE.Mesh(geometry, this.material);
    // The deformed mesh moves every frame: no stale bounding sphere may cull it.
    this.mesh.frustumCulled = false;
    this.scene.add(this.mesh);
    const bones = new THREE.BufferGeometry();
    const ends = new THREE.BufferAttribute(new Float32Array(boneCount * 6), 3);
    ends.setUsage(THREE.DynamicDrawUsage);
    bones.setAttribute("position", ends);
    this.bones = new THREE.LineSegments(bones, this.boneMaterial);
    this.bones.frustumCulled = false;
    this.bones.renderOrder = 1;
    this.scene.add(this.bones);
  }

  /** The position array to write deformed positions into; call {@link commit} after. */
  get positions(): Float32Array | undefined {
    return this.mesh?.geometry.getAttribute("position").array as Float32Array | undefined;
  }

  /** The per-vertex colour array (r, g, b, linear) to write into; call {@link commit} after. */
  get colours(): Float32Array | undefined {
    return this.mesh?.geometry.getAttribute("color").array as Float32Array | undefined;
  }

  /** The bone segments' array (head, tail per bone) to write into; call {@link commit} after. */
  get boneEnds(): Float32Array | undefined {
    return this.bones?.geometry.getAttribute("position").array as Float32Array | undefined;
  }

  /** Uploads the rewritten positions and colours, recomputes the normals and renders. */
  commit(): void {
    if (!this.mesh || !this.bones) return;
    const g = this.mesh.geometry;
    const position = g.getAttribute("position") as THREE.BufferAttribute;
    const normal = g.getAttribute("normal") as THREE.BufferAttribute;
    vertexNormals(position.array, this.triangles, normal.array as Float32Array);
    position.needsUpdate = true;
    normal.needsUpdate = true;
    g.getAttribute("color").needsUpdate = true;
    (this.bones.geometry.getAttribute("position") as THREE.BufferAttribute).needsUpdate = true;
    this.render();
  }

  /** The direction {@link fit} looks from. */
  setDirection(direction: ViewDirection): void {
    this.direction = direction;
  }

  /** Adds the mesh as it is now to what {@link fit} frames (e.g. the rest pose and the most bent one). */
  include(): void {
    const p = this.positions;
    if (!p || p.length === 0) return;
    this.box.setFromArray(p);
    this.extent.union(this.box);
  }

  /** Frames every pose {@link include}d, or else the mesh as it is now. */
  fit(): void {
    const p = this.positions;
    if (!p || p.length === 0) return;
    if (this.extent.isEmpty()) this.box.setFromArray(p);
    else this.box.copy(this.extent);
    this.box.getCenter(this.centre);
    const [fx, fy, fz] = this.direction.from;
    const [ux, uy, uz] = this.direction.up;
    const back = this.back.set(fx, fy, fz).normalize();
    const right = this.right.set(ux, uy, uz).cross(back).normalize();
    const up = this.up.copy(back).cross(right);
    // The nearest camera distance at which every corner of the box is inside both fields of view.
    const tanV = Math.tan(THREE.MathUtils.degToRad(this.camera.fov / 2));
    const tanH = tanV * this.camera.aspect;
    let distance = 0;
    for (let k = 0; k < 8; k++) {
      const c = this.corner.set(
        k & 1 ? this.box.max.x : this.box.min.x,
        k & 2 ? this.box.max.y : this.box.min.y,
        k & 4 ? this.box.max.z : this.box.min.z,
      );
      c.sub(this.centre);
      const need =
        Math.max(Math.abs(c.dot(right)) / tanH, Math.abs(c.dot(up)) / tanV) + c.dot(back);
      distance = Math.max(distance, need);
    }
    distance = Math.max(distance * 1.08, 1e-3);
    this.camera.up.copy(up);
    this.camera.position.copy(back).multiplyScalar(distance).add(this.centre);
    this.camera.near = distance / 100;
    this.camera.far = distance * 100;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(this.centre);
    this.controls.update();
    this.fitted = true;
    this.render();
  }

  /** Draws the scene. */
  render(): void {
    this.renderer.render(this.scene, this.camera);
    this.triad.render(this.renderer, this.camera);
  }

  /** Frees the GPU resources and the canvas. */
  dispose(): void {
    this.resize.disconnect();
    this.controls.dispose();
    this.clearMesh();
    this.material.dispose();
    this.boneMaterial.dispose();
    this.triad.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }

  private clearMesh(): void {
    if (this.mesh) {
      this.scene.remove(this.mesh);
      this.mesh.geometry.dispose();
      this.mesh = undefined;
    }
    if (this.bones) {
      this.scene.remove(this.bones);
      this.bones.geometry.dispose();
      this.bones = undefined;
    }
  }

  private fitCanvas(): void {
    sizeToContainer(this.renderer, this.camera, this.container);
    if (this.fitted) this.fit();
    else this.render();
  }
}
