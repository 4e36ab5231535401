/**
 * The 3-D view of a mixed animation: rigid bodies from their geometry, mesh
 * bodies through {@link MeshView}, orbit/pan/zoom, fit, probe picking,
 * hover, a ground grid, an axes triad, optional mesh edges and screenshots. One render per animation frame; per frame the JavaScript work
 * is per body, never per node.
 */
import * as THREE from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import type { MeshAnimation } from "../../../src/mixed/agr/index.js";
import type { MixedSampler, MixedScene, SceneVariant } from "../../../src/mixed/sample/index.js";
import { Signal } from "../shell/signal.js";
import { AxesTriad } from "../three/axes-triad.js";
import { sizeToContainer } from "../three/canvas-size.js";
import { GroundGrid } from "../three/ground-grid.js";
import { homeDirection } from "../three/home-view.js";
import { drawnMesh, expandByDrawn } from "./fit-bounds.js";
import type { FrameSource } from "./frame-source.js";
import { type MeshSettings, MeshView } from "./mesh-view.js";
import { intersect } from "./pick.js";
import { takeRenderer } from "./renderer.js";
import { RigidBodies } from "./rigid-bodies.js";
import { composeScreenshot, type LegendPicture } from "./screenshot.js";

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
  /** The cell hit, when the mesh has scalars from cell arrays (the probe shows its value for them). */
  readonly cell?: number | undefined;
}

const scratch = new Float64Array(12);

/** Renders one {@link MixedScene}. */
export class MixedViewer {
  readonly renderer: THREE.WebGLRenderer;
  readonly camera = new THREE.PerspectiveCamera(40, 1, 0.001, 1000);
  private readonly three = new THREE.Scene();
  private readonly controls: OrbitControls;
  private readonly rigid: RigidBodies;
  /** The ground grid under the model (on by default). */
  readonly grid = new GroundGrid();
  /** What playback waits for changed: the mesh frame and the percent of it uploaded, or undefined (decision 351). */
  readonly waitingChanged = new Signal<{ frame: number; percent: number } | undefined>();
  private waitingShown = "";
  /** The grid was placed anew; its spacing (m). */
  readonly gridChanged = new Signal<number>();
  private readonly triad = new AxesTriad();
  private showEdges = false;
  /** True from a fit until the user moves the camera: resizing the view then fits again. */
  private fitted = false;
  /** Mesh views per body index and variant index. */
  private readonly meshes = new Map<number, Map<number, MeshView>>();
  private readonly marker: THREE.Mesh;
  private readonly resize: ResizeObserver;
  /** Reused by picking (the tooltip picks on every animation frame the pointer moves). */
  private readonly raycaster = new THREE.Raycaster();
  private readonly pointer = new THREE.Vector2();
  private readonly nodeWorld = new THREE.Vector3();
  private readonly pickPositions = new WeakMap<MeshView, Float32Array>();

  constructor(
    readonly container: HTMLElement,
    readonly scene: MixedScene,
    readonly sampler: MixedSampler,
    /** Frame sources of streamed mesh animations (the others' frames are in memory). */
    private readonly sources?: ReadonlyMap<MeshAnimation, FrameSource>,
  ) {
    this.renderer = takeRenderer();
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setClearColor(0xf4f5f7);
    container.append(this.renderer.domElement);
    this.camera.up.set(0, 0, 1);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = false;
    this.controls.addEventListener("change", () => this.render());
    this.controls.addEventListener("start", () => {
      this.fitted = false;
    });
    this.three.add(new THREE.HemisphereLight(0xffffff, 0x8090a0, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.4);
    sun.position.set(1, -2, 3);
    this.three.add(sun);
    this.rigid = new RigidBodies(scene, this.three);
    this.marker = new THREE.Mesh(
      new THREE.SphereGeometry(1, 16, 8),
      new THREE.MeshBasicMaterial({ color: 0xe0115f, depthTest: false }),
    );
    this.marker.visible = false;
    this.marker.renderOrder = 10;
    this.three.add(this.marker);
    this.three.add(this.grid.object);
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
      view = new MeshView(v, this.sources?.get(v.animation), this.renderer.getContext());
      view.object.name = `${this.scene.bodies[body]!.name}#${variant}`;
      view.setEdges(this.showEdges);
      views.set(variant, view);
      this.three.add(view.object);
    }
    return view;
  }

  /** Updates so far (a held view's extra update is dropped when another came first). */
  private updates = 0;

  /** Places every body at the sampler's current time and renders. */
  update(states: readonly BodyState[]): void {
    for (const b of this.scene.bodies) {
      const state = states[b.index]!;
      if (this.rigid.has(b.index)) {
        this.rigid.place(b.index, this.sampler, state.visible);
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
    this.countUploads();
    this.render();
    for (const views of this.meshes.values()) for (const v of views.values()) v.slots.drawn();
    this.again(states);
  }

  /** Updates once more next animation frame while a view holds back a staged frame (also paused; decision 321). */
  private again(states: readonly BodyState[]): void {
    const n = ++this.updates;
    let holding = false;
    for (const views of this.meshes.values()) for (const v of views.values()) holding ||= v.holding;
    // After the next animation frame's callbacks (the clock's comes after this one's): when
    // playback updated in it, that update staged this frame's slice and no second render is due.
    if (holding)
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (n === this.updates && this.renderer.domElement.isConnected) this.update(states);
        }, 0),
      );
  }

  /**
   * The latest time playback may reach with every visible mesh view showing
   * frames it holds (decision 351; the clock's `hold`): past it a view would
   * have to upload a frame whole.
   */
  playLimit(end: number): number {
    let cap = Number.POSITIVE_INFINITY;
    for (const views of this.meshes.values())
      for (const v of views.values())
        if (v.object.visible)
          cap = Math.min(cap, v.playLimit(this.sampler.meshFrame(v.animation), end));
    return cap;
  }

  /** The frame a visible mesh view waits for and the share of it uploaded, or undefined. */
  get waiting(): { frame: number; done: number } | undefined {
    for (const views of this.meshes.values())
      for (const v of views.values()) if (v.object.visible && v.waiting) return v.waiting;
    return undefined;
  }

  /** The mesh views' upload counts on the stage (`data-frame-uploads`, `data-whole-uploads`, `data-upload-slices`; decision 320). */
  private countUploads(): void {
    let frames = 0;
    let whole = 0;
    let slices = 0;
    for (const views of this.meshes.values())
      for (const v of views.values()) {
        frames += v.slots.frameUploads;
        whole += v.slots.wholeUploads;
        slices += v.slots.slices;
      }
    const d = this.container.dataset;
    d.frameUploads = String(frames);
    d.wholeUploads = String(whole);
    d.uploadSlices = String(slices);
    const w = this.waiting;
    const now = w ? { frame: w.frame, percent: Math.floor(100 * w.done) } : undefined;
    const key = now ? `${now.frame} ${now.percent}` : "";
    if (key === this.waitingShown) return;
    this.waitingShown = key;
    if (now) d.waitingFrame = String(now.frame);
    else delete d.waitingFrame;
    this.waitingChanged.dispatch(now);
  }

  /** Draws the scene. */
  render(): void {
    this.renderer.render(this.three, this.camera);
    this.triad.render(this.renderer, this.camera);
  }

  /** A rigid body's colour (CSS hex), or undefined for a mesh body. */
  rigidColour(body: number): string | undefined {
    return this.rigid.colour(body);
  }

  /** Whether mesh edges are drawn. */
  get edges(): boolean {
    return this.showEdges;
  }

  /** Draws (or hides) the edges of every body. */
  setEdges(on: boolean): void {
    this.showEdges = on;
    this.rigid.setEdges(on);
    for (const views of this.meshes.values()) for (const v of views.values()) v.setEdges(on);
    this.render();
  }

  /** Shows or hides the ground grid. */
  setGrid(on: boolean): void {
    this.grid.visible = on;
    this.render();
  }

  /** The body under a canvas pixel (index in `.amb` order), or null. */
  bodyAt(clientX: number, clientY: number, states: readonly BodyState[]): number | null {
    const ray = this.ray(clientX, clientY);
    const rigid = this.rigid.hit(ray);
    const mesh = this.pickAlong(ray, states);
    // A mesh body wins when its picked node (as the probe shows it) is nearer than the rigid hit.
    const nearer = rigid?.distance ?? Number.POSITIVE_INFINITY;
    if (mesh && ray.ray.origin.distanceTo(this.nodeWorld.fromArray(mesh.world)) < nearer)
      return mesh.body;
    return rigid?.index ?? null;
  }

  /** Frames every visible body: obliquely, or top-down for 2-D data (z all equal). */
  fit(): void {
    const box = this.bounds();
    if (box.isEmpty()) return;
    const center = box.getCenter(new THREE.Vector3());
    const radius = Math.max(box.getSize(new THREE.Vector3()).length() / 2, 1e-3);
    // The bounding sphere must fit the narrower of the two fields of view: in a
    // window taller than wide the horizontal one is the smaller.
    const vertical = THREE.MathUtils.degToRad(this.camera.fov / 2);
    const horizontal = Math.atan(Math.tan(vertical) * this.camera.aspect);
    const distance = (1.04 * radius) / Math.sin(Math.min(vertical, horizontal));
    // Obliquely, or straight down −z for 2-D data in an x-y plane.
    this.camera.position.copy(center).add(homeDirection(box).multiplyScalar(distance));
    this.camera.near = distance / 100;
    this.camera.far = distance * 100;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(center);
    this.controls.update();
    this.marker.scale.setScalar(radius / 80);
    this.fitted = true;
    this.grid.fitTo(box);
    this.gridChanged.dispatch(this.grid.spacing);
    this.render();
  }

  /**
   * The bounding box of every visible body as drawn at the current time
   * (world, m): a mesh body's nodes at the current frame with the
   * exaggeration, not its rest mesh (decision 189).
   */
  bounds(): THREE.Box3 {
    const box = new THREE.Box3();
    this.three.updateMatrixWorld(true);
    const meshes = new Set<THREE.Object3D>();
    for (const views of this.meshes.values()) for (const v of views.values()) meshes.add(v.object);
    for (const o of this.three.children) {
      if (!(o instanceof THREE.Mesh) || !o.visible || o === this.marker) continue;
      const drawn = meshes.has(o) ? drawnMesh(o) : undefined;
      if (drawn) expandByDrawn(box, drawn);
      else box.expandByObject(o);
    }
    return box;
  }

  /** The mesh node nearest to where a ray through a canvas pixel first hits a visible mesh body. */
  pick(clientX: number, clientY: number, states: readonly BodyState[]): ProbeHit | null {
    return this.pickAlong(this.ray(clientX, clientY), states);
  }

  /** The mesh node nearest to where `ray` first hits a visible mesh body. */
  private pickAlong(ray: THREE.Raycaster, states: readonly BodyState[]): ProbeHit | null {
    let best: ProbeHit | null = null;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const [body, views] of this.meshes) {
      const state = states[body]!;
      const view = views.get(state.variant);
      // A streamed mesh holds only the frames on screen: it is not picked (no probe, no hover).
      if (!view?.object.visible || view.streamed) continue;
      let buffer = this.pickPositions.get(view);
      if (!buffer) {
        buffer = new Float32Array(view.animation.nodeCount * 3);
        this.pickPositions.set(view, buffer);
      }
      const positions = this.sampler.meshPositions(view.variant, buffer, {
        exaggeration: state.mesh.exaggeration,
      });
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
      const cell = view.surfaceCell(hit.triangle);
      best = { body, variant: view.variant, node: hit.node, world: [p.x, p.y, p.z], cell };
    }
    return best;
  }

  /** Shows the probe marker at a world point (or hides it). */
  mark(world: readonly [number, number, number] | null): void {
    this.marker.visible = world !== null;
    if (world) this.marker.position.set(world[0], world[1], world[2]);
    this.render();
  }

  /** The view as a PNG, with `legends` drawn under it and `time` on its corner (see screenshot.ts). */
  screenshot(legends: readonly LegendPicture[] = [], time = ""): Promise<Blob | null> {
    this.render();
    const view = this.renderer.domElement;
    const picture = composeScreenshot(view, legends, time, this.renderer.getPixelRatio());
    return new Promise((resolve) => picture.toBlob(resolve, "image/png"));
  }

  /** Frees the GPU resources and the canvas. */
  dispose(): void {
    this.resize.disconnect();
    this.controls.dispose();
    this.gridChanged.clear();
    this.waitingChanged.clear();
    for (const views of this.meshes.values()) for (const v of views.values()) v.dispose();
    this.rigid.dispose();
    this.grid.dispose();
    this.triad.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }

  private ray(clientX: number, clientY: number): THREE.Raycaster {
    const rect = this.renderer.domElement.getBoundingClientRect();
    this.pointer.set(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
    this.raycaster.setFromCamera(this.pointer, this.camera);
    return this.raycaster;
  }

  private fitCanvas(): void {
    sizeToContainer(this.renderer, this.camera, this.container);
    // A view that was fitted stays fitted when the window or the panels around it change size.
    if (this.fitted) this.fit();
    else this.render();
  }
}
