/**
 * The 3-D view of a mixed animation: rigid bodies from their geometry, mesh
 * bodies through {@link MeshView}, orbit/pan/zoom, fit, probe picking and
 * screenshots. One render per animation frame; per frame the JavaScript work
 * is per body, never per node.
 */
import * as THREE from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import type { MixedSampler, MixedScene, SceneVariant } from "../../../src/mixed/sample/index.js";
import { rigidGeometry, setMatrix } from "./geometry.js";
import { type MeshSettings, MeshView } from "./mesh-view.js";

/** What the viewer shows of one body. */
export interface BodyState {
  visible: boolean;
  /** Variant index (mesh bodies). */
  variant: number;
  readonly mesh: MeshSettings;
}

/** A probed node. */
export interface ProbeHit {
  /** Body index (`.amb` order). */
  readonly body: number;
  readonly variant: SceneVariant;
  /** Node index (0-based, as in the `.agr`). */
  readonly node: number;
  /** World coordinates (m). */
  readonly world: [number, number, number];
}

const scratch = new Float64Array(12);

/** Renders one {@link MixedScene}. */
export class MixedViewer {
  readonly renderer: THREE.WebGLRenderer;
  readonly camera = new THREE.PerspectiveCamera(40, 1, 0.001, 1000);
  private readonly three = new THREE.Scene();
  private readonly controls: OrbitControls;
  private readonly rigid = new Map<number, THREE.Mesh>();
  /** Mesh views per body index and variant index. */
  private readonly meshes = new Map<number, Map<number, MeshView>>();
  private readonly marker: THREE.Mesh;
  private readonly resize: ResizeObserver;

  constructor(
    readonly container: HTMLElement,
    readonly scene: MixedScene,
    readonly sampler: MixedSampler,
  ) {
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setClearColor(0xf4f5f7);
    container.append(this.renderer.domElement);
    this.camera.up.set(0, 0, 1);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = false;
    this.controls.addEventListener("change", () => this.render());
    this.three.add(new THREE.HemisphereLight(0xffffff, 0x8090a0, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.4);
    sun.position.set(1, -2, 3);
    this.three.add(sun);
    const rigidMaterial = new THREE.MeshStandardMaterial({
      color: 0x9aa3ad,
      metalness: 0.2,
      roughness: 0.6,
    });
    for (const b of scene.bodies) {
      if (b.variants.length > 0) continue;
      const mesh = new THREE.Mesh(rigidGeometry(b.geometry), rigidMaterial);
      mesh.matrixAutoUpdate = false;
      mesh.name = b.name;
      this.rigid.set(b.index, mesh);
      this.three.add(mesh);
    }
    this.marker = new THREE.Mesh(
      new THREE.SphereGeometry(1, 16, 8),
      new THREE.MeshBasicMaterial({ color: 0xe0115f, depthTest: false }),
    );
    this.marker.visible = false;
    this.marker.renderOrder = 10;
    this.three.add(this.marker);
    this.resize = new ResizeObserver(() => this.fitCanvas());
    this.resize.observe(container);
    this.fitCanvas();
  }

  /** The mesh view of a body's variant, made on first use. */
  meshView(body: number, variant: number): MeshView | undefined {
    const v = this.scene.bodies[body]?.variants[variant];
    if (!v?.animation) return undefined;
    let views = this.meshes.get(body);
    if (!views) {
      views = new Map();
      this.meshes.set(body, views);
    }
    let view = views.get(variant);
    if (!view) {
      view = new MeshView(v);
      view.object.name = `${this.scene.bodies[body]!.name}#${variant}`;
      views.set(variant, view);
      this.three.add(view.object);
    }
    return view;
  }

  /** Places every body at the sampler's current time and renders. */
  update(states: readonly BodyState[]): void {
    for (const b of this.scene.bodies) {
      const state = states[b.index]!;
      const rigid = this.rigid.get(b.index);
      if (rigid) {
        rigid.visible = state.visible;
        setMatrix(rigid.matrix, this.sampler.bodyMatrix(b.index, scratch));
        rigid.matrixWorldNeedsUpdate = true;
        continue;
      }
      const views = this.meshes.get(b.index);
      if (views)
        for (const [i, v] of views) v.object.visible = state.visible && i === state.variant;
      const view = this.meshView(b.index, state.variant);
      if (!view || !state.visible) continue;
      view.object.visible = true;
      this.sampler.meshMatrix(b.index, view.variant, scratch);
      view.update(this.sampler.meshFrame(view.animation), scratch, state.mesh);
    }
    this.render();
  }

  /** Draws the scene. */
  render(): void {
    this.renderer.render(this.three, this.camera);
  }

  /** Frames every visible body. */
  fit(): void {
    const box = new THREE.Box3();
    this.three.updateMatrixWorld(true);
    for (const o of this.three.children) {
      if (o instanceof THREE.Mesh && o.visible && o !== this.marker) box.expandByObject(o);
    }
    if (box.isEmpty()) return;
    const center = box.getCenter(new THREE.Vector3());
    const radius = Math.max(box.getSize(new THREE.Vector3()).length() / 2, 1e-3);
    const distance = radius / Math.sin(THREE.MathUtils.degToRad(this.camera.fov / 2));
    this.camera.position
      .copy(center)
      .add(new THREE.Vector3(0.35, -1, 0.55).normalize().multiplyScalar(distance));
    this.camera.near = distance / 100;
    this.camera.far = distance * 100;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(center);
    this.controls.update();
    this.marker.scale.setScalar(radius / 80);
    this.render();
  }

  /** The mesh node nearest to where a ray through a canvas pixel first hits a visible mesh body. */
  pick(clientX: number, clientY: number, states: readonly BodyState[]): ProbeHit | null {
    const rect = this.renderer.domElement.getBoundingClientRect();
    const ndc = new THREE.Vector2(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
    const ray = new THREE.Raycaster();
    ray.setFromCamera(ndc, this.camera);
    let best: ProbeHit | null = null;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const [body, views] of this.meshes) {
      const state = states[body]!;
      const view = views.get(state.variant);
      if (!view?.object.visible) continue;
      const positions = this.sampler.meshPositions(
        view.variant,
        new Float32Array(view.animation.nodeCount * 3),
        {
          exaggeration: state.mesh.exaggeration,
        },
      );
      const local = ray.ray.clone().applyMatrix4(view.object.matrixWorld.clone().invert());
      const hit = intersect(local, positions, view.variant.surface);
      if (!hit) continue;
      const world = hit.point.clone().applyMatrix4(view.object.matrixWorld);
      const d = world.distanceTo(ray.ray.origin);
      if (d >= bestDistance) continue;
      bestDistance = d;
      const p = new THREE.Vector3(
        positions[hit.node * 3],
        positions[hit.node * 3 + 1],
        positions[hit.node * 3 + 2],
      ).applyMatrix4(view.object.matrixWorld);
      best = { body, variant: view.variant, node: hit.node, world: [p.x, p.y, p.z] };
    }
    return best;
  }

  /** Shows the probe marker at a world point (or hides it). */
  mark(world: readonly [number, number, number] | null): void {
    this.marker.visible = world !== null;
    if (world) this.marker.position.set(world[0], world[1], world[2]);
    this.render();
  }

  /** The canvas as a PNG. */
  screenshot(): Promise<Blob | null> {
    this.render();
    return new Promise((resolve) => this.renderer.domElement.toBlob(resolve, "image/png"));
  }

  /** Frees the GPU resources and the canvas. */
  dispose(): void {
    this.resize.disconnect();
    this.controls.dispose();
    for (const views of this.meshes.values()) for (const v of views.values()) v.dispose();
    for (const r of this.rigid.values()) r.geometry.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }

  private fitCanvas(): void {
    const w = Math.max(1, this.container.clientWidth);
    const h = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(w, h, false);
    this.renderer.domElement.style.width = "100%";
    this.renderer.domElement.style.height = "100%";
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.render();
  }
}

/** Nearest ray–triangle hit over a surface (Möller–Trumbore) and the hit triangle's nearest node. */
function intersect(
  ray: THREE.Ray,
  p: Float32Array,
  triangles: Uint32Array,
): { point: THREE.Vector3; node: number } | null {
  const o = ray.origin;
  const d = ray.direction;
  let bestT = Number.POSITIVE_INFINITY;
  let bestTri = -1;
  for (let t = 0; t < triangles.length; t += 3) {
    const i0 = triangles[t]! * 3,
      i1 = triangles[t + 1]! * 3,
      i2 = triangles[t + 2]! * 3;
    const e1x = p[i1]! - p[i0]!,
      e1y = p[i1 + 1]! - p[i0 + 1]!,
      e1z = p[i1 + 2]! - p[i0 + 2]!;
    const e2x = p[i2]! - p[i0]!,
      e2y = p[i2 + 1]! - p[i0 + 1]!,
      e2z = p[i2 + 2]! - p[i0 + 2]!;
    const px = d.y * e2z - d.z * e2y,
      py = d.z * e2x - d.x * e2z,
      pz = d.x * e2y - d.y * e2x;
    const det = e1x * px + e1y * py + e1z * pz;
    if (Math.abs(det) < 1e-18) continue;
    const inv = 1 / det;
    const sx = o.x - p[i0]!,
      sy = o.y - p[i0 + 1]!,
      sz = o.z - p[i0 + 2]!;
    const u = (sx * px + sy * py + sz * pz) * inv;
    if (u < 0 || u > 1) continue;
    const qx = sy * e1z - sz * e1y,
      qy = sz * e1x - sx * e1z,
      qz = sx * e1y - sy * e1x;
    const v = (d.x * qx + d.y * qy + d.z * qz) * inv;
    if (v < 0 || u + v > 1) continue;
    const dist = (e2x * qx + e2y * qy + e2z * qz) * inv;
    if (dist > 0 && dist < bestT) {
      bestT = dist;
      bestTri = t;
    }
  }
  if (bestTri < 0) return null;
  const point = ray.at(bestT, new THREE.Vector3());
  let node = triangles[bestTri]!;
  let nodeDistance = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    const n = triangles[bestTri + k]!;
    const dd = point.distanceToSquared(new THREE.Vector3(p[n * 3], p[n * 3 + 1], p[n * 3 + 2]));
    if (dd < nodeDistance) {
      nodeDistance = dd;
      node = n;
    }
  }
  return { point, node };
}
