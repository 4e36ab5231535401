/**
 * A mesh body on the GPU: the surface of one `.agr` variant whose per-frame
 * node positions and scalars live in two attribute slots (`pos0`/`val0`,
 * `pos1`/`val1`), each holding one frame, and a third set where the frame
 * after them is uploaded in slices ahead of the crossing ({@link FrameSlots},
 * decisions 320–321). When playback crosses into the next frame interval the
 * slot with the frame that stays keeps it and the staged set replaces the
 * other one; the blend weight says which slot is the earlier frame. Per
 * animation frame the uniforms, the object matrix and a slice change. Frames come from a {@link FrameSource}: the loaded
 * animation or a streamed `.agr`'s cache. A scalar that comes from a cell
 * array is drawn flat per cell ({@link FlatCells}, in place of the
 * node-coloured surface), its range the cell values'; line and vertex cells
 * are drawn as lines and points coloured by the node values.
 */
import * as THREE from "three";
import { COLORMAP_SIZE, type ColormapName, colormap } from "../../../src/core/colormap.js";
import type { FrameCursor } from "../../../src/core/frame-cursor.js";
import {
  cellScalarAt,
  type MeshAnimation,
  type ParamRef,
  surfaceCellsOf,
} from "../../../src/mixed/agr/index.js";
import type { SceneVariant } from "../../../src/mixed/sample/index.js";
import { FrameSlots, NO_GL, type SlotGl } from "./frame-slots.js";
import { type FrameSource, memoryFrames } from "./frame-source.js";
import { FlatCells, lineGeometries } from "./geometry.js";
import { frameRange, type ScalarRanges, scalarRanges, seenRanges } from "./scalar-ranges.js";
import { EDGE_FRAGMENT, LINE_FRAGMENT, MESH_FRAGMENT, MESH_VERTEX } from "./shaders.js";
import type { TimedSlicer } from "./upload-slices.js";

/** How the colour range follows the data. */
export type RangeMode = "frame" | "all" | "fixed";

const textures = new Map<ColormapName, THREE.DataTexture>();

/** A 256×1 texture of a colour map (shared by all views). */
export function colormapTexture(name: ColormapName): THREE.DataTexture {
  let tex = textures.get(name);
  if (!tex) {
    const lut = colormap(name);
    const rgba = new Uint8Array(COLORMAP_SIZE * 4);
    for (let i = 0; i < COLORMAP_SIZE; i++) {
      rgba.set(lut.subarray(i * 3, i * 3 + 3), i * 4);
      rgba[i * 4 + 3] = 255;
    }
    tex = new THREE.DataTexture(rgba, COLORMAP_SIZE, 1, THREE.RGBAFormat);
    tex.magFilter = THREE.LinearFilter;
    tex.minFilter = THREE.LinearFilter;
    tex.colorSpace = THREE.NoColorSpace;
    tex.needsUpdate = true;
    textures.set(name, tex);
  }
  return tex;
}

/** The display settings of one mesh body. */
export interface MeshSettings {
  scalarParam: number;
  exaggeration: number;
  colormap: ColormapName;
  rangeMode: RangeMode;
  fixedMin: number;
  fixedMax: number;
}

/** One mesh variant drawn with the frame-blending shader. */
export class MeshView {
  readonly object: THREE.Mesh<THREE.BufferGeometry, THREE.ShaderMaterial>;
  readonly animation: MeshAnimation;
  /** Whether frames are streamed (only those on screen and read ahead are at hand). */
  readonly streamed: boolean;
  private ranges: ScalarRanges;
  private rangesParam: number;
  /** The frame attributes: two shown, one staged (decision 320). */
  readonly slots: FrameSlots;
  /** Whether the last update held back a frame still being staged (the viewer updates again next animation frame). */
  holding = false;
  /** The frame the view holds back from (−1: none). */
  private waitingFor = -1;
  /** The scalar parameter the slots hold. */
  private slotParam = -1;
  /** Colour range in use after the last {@link update}. */
  readonly range = { min: 0, max: 1 };
  /** The surface drawn flat per cell, made when a cell array's scalar is first shown. */
  private flat: { cells: FlatCells; object: THREE.Mesh } | undefined;
  private surfaceCells: Uint32Array | undefined;

  constructor(
    readonly variant: SceneVariant,
    private readonly source: FrameSource = memoryFrames(variant.animation!),
    gl: SlotGl = NO_GL,
    slicer?: TimedSlicer,
  ) {
    const m = variant.animation!;
    this.animation = m;
    this.streamed = !source.complete;
    const g = new THREE.BufferGeometry();
    g.setIndex(new THREE.BufferAttribute(variant.surface, 1));
    g.setAttribute("position", new THREE.BufferAttribute(m.positions, 3));
    this.slots = new FrameSlots(m, g, gl, slicer);
    g.computeBoundingBox();
    g.computeBoundingSphere();
    const material = new THREE.ShaderMaterial({
      vertexShader: MESH_VERTEX,
      fragmentShader: MESH_FRAGMENT,
      side: THREE.DoubleSide,
      polygonOffset: true,
      polygonOffsetFactor: 1,
      polygonOffsetUnits: 1,
      uniforms: {
        uAlpha: { value: 0 },
        uExaggeration: { value: 1 },
        uMin: { value: 0 },
        uMax: { value: 1 },
        uColormap: { value: colormapTexture("viridis") },
      },
    });
    this.object = new THREE.Mesh(g, material);
    this.object.matrixAutoUpdate = false;
    this.object.frustumCulled = false;
    this.addLines();
    this.rangesParam = variant.ref.scalarParam;
    this.ranges = this.streamed
      ? seenRanges(m, this.rangesParam)
      : scalarRanges(m, this.rangesParam);
  }

  /** Line and vertex cells as lines and points sharing the surface's frame slots and uniforms. */
  private addLines(): void {
    const { lines, points } = lineGeometries(this.animation, this.object.geometry);
    for (const g of [lines, points]) if (g) this.slots.share(g);
    const material = (size?: number) =>
      new THREE.ShaderMaterial({
        vertexShader: MESH_VERTEX,
        fragmentShader: LINE_FRAGMENT,
        uniforms: this.object.material.uniforms,
        ...(size ? { defines: { POINT_SIZE: size.toFixed(1) } } : {}),
      });
    for (const o of [
      lines && new THREE.LineSegments(lines, material()),
      points && new THREE.Points(points, material(6)),
    ]) {
      if (!o) continue;
      o.frustumCulled = false;
      this.object.add(o);
    }
  }

  /** The flat per-cell surface, made (and its slots emptied) on first use. */
  private flatCells(): { cells: FlatCells; object: THREE.Mesh } {
    if (this.flat) return this.flat;
    const cells = new FlatCells(this.animation);
    const m = this.object.material;
    const material = new THREE.ShaderMaterial({
      vertexShader: MESH_VERTEX,
      fragmentShader: MESH_FRAGMENT,
      side: THREE.DoubleSide,
      polygonOffset: true,
      polygonOffsetFactor: 1,
      polygonOffsetUnits: 1,
      uniforms: m.uniforms,
    });
    const object = new THREE.Mesh(cells.geometry, material);
    object.frustumCulled = false;
    this.object.add(object);
    this.flat = { cells, object };
    this.slots.clear();
    return this.flat;
  }

  /** The cell of surface triangle `triangle` when the mesh has scalars from cell arrays, else undefined. */
  surfaceCell(triangle: number): number | undefined {
    if (!this.animation.cellValues) return undefined;
    this.surfaceCells ??= surfaceCellsOf(this.animation).cells;
    return this.surfaceCells[triangle];
  }

  /** Draws (or hides) the surface's triangle edges, deformed like the surface. */
  setEdges(on: boolean): void {
    let edges = this.object.getObjectByName("edges") as
      | THREE.Mesh<THREE.BufferGeometry, THREE.ShaderMaterial>
      | undefined;
    if (!edges && on) {
      edges = new THREE.Mesh(
        this.object.geometry,
        new THREE.ShaderMaterial({
          vertexShader: MESH_VERTEX,
          fragmentShader: EDGE_FRAGMENT,
          wireframe: true,
          // The same uniforms object: frames, blend and exaggeration follow the surface.
          uniforms: this.object.material.uniforms,
        }),
      );
      edges.frustumCulled = false;
      edges.name = "edges";
      this.object.add(edges);
    }
    if (edges) edges.visible = on;
  }

  /** Ranges of the scalar parameter shown (of a streamed mesh: over the frames seen so far). */
  scalarRanges(param: number): ScalarRanges {
    if (param !== this.rangesParam) {
      this.rangesParam = param;
      this.ranges = this.streamed
        ? seenRanges(this.animation, param)
        : scalarRanges(this.animation, param);
    }
    return this.ranges;
  }

  /**
   * Puts the frames of `cursor` in the attribute slots (uploading only a
   * frame no slot holds) and sets the uniforms; O(1) unless the interval changed.
   */
  update(cursor: FrameCursor, matrix: ArrayLike<number>, s: MeshSettings): void {
    const m = this.animation;
    const u = this.object.material.uniforms;
    const param = Math.min(s.scalarParam, m.scalars.length - 1);
    const { i0, i1, alpha } = cursor;
    // A cell array's scalar: the flat surface in place of the node-coloured one.
    const perCell = m.cellValues?.[param] !== undefined;
    if (perCell) this.flatCells();
    this.object.material.visible = !perCell;
    if (this.flat) this.flat.object.visible = perCell;
    if (param !== this.slotParam) {
      this.slots.clear();
      this.slotParam = param;
    }
    const shown = this.slots.state.frames;
    this.stageNext(cursor, param);
    if (!this.slots.held(i0) || !this.slots.held(i1)) {
      const frames = i0 === i1 ? [i0] : [i0, i1];
      this.source.want(this.params(param), frames);
      for (const f of frames) {
        if (this.slots.held(f)) continue;
        // The slot whose frame is not wanted any more (slot 0 when both are free).
        const slot = shown[0] !== i0 && shown[0] !== i1 ? 0 : 1;
        // Playback crossed into f from the frame before: i0 is that frame and still shown.
        // Else (a seek, or i0 not shown) f is placed whole (decision 423).
        this.fill(slot, f, param, f === i1 && i0 === f - 1 && this.slots.held(i0));
      }
    }
    this.holding = this.slots.held(i0) && !this.slots.held(i1);
    this.waitingFor = this.holding ? i1 : -1;
    // mix(slot 0, slot 1, w): w is alpha when slot 0 holds the earlier frame.
    const a = shown.indexOf(i0);
    const b = shown.indexOf(i1);
    if (a >= 0 && b >= 0 && a !== b) u.uAlpha!.value = a === 0 ? alpha : 1 - alpha;
    else if (a >= 0 || b >= 0) u.uAlpha!.value = (a >= 0 ? a : b) === 0 ? 0 : 1;
    u.uExaggeration!.value = s.exaggeration;
    u.uColormap!.value = colormapTexture(s.colormap);
    const r = this.scalarRanges(param);
    if (s.rangeMode === "fixed") {
      this.range.min = s.fixedMin;
      this.range.max = s.fixedMax;
    } else if (s.rangeMode === "all" || r.min.length === 1) {
      this.range.min = r.allMin;
      this.range.max = r.allMax;
    } else {
      this.range.min = Math.min(r.min[cursor.i0]!, r.min[cursor.i1]!);
      this.range.max = Math.max(r.max[cursor.i0]!, r.max[cursor.i1]!);
      // A streamed frame not seen yet has no range: the whole animation's so far.
      if (Number.isNaN(this.range.min) || Number.isNaN(this.range.max)) {
        this.range.min = r.allMin;
        this.range.max = r.allMax;
      }
    }
    u.uMin!.value = this.range.min;
    u.uMax!.value = this.range.max;
    const o = this.object.matrix;
    o.set(
      matrix[0]!,
      matrix[1]!,
      matrix[2]!,
      matrix[3]!,
      matrix[4]!,
      matrix[5]!,
      matrix[6]!,
      matrix[7]!,
      matrix[8]!,
      matrix[9]!,
      matrix[10]!,
      matrix[11]!,
      0,
      0,
      0,
      1,
    );
    this.object.matrixWorldNeedsUpdate = true;
  }

  /** The parameters a slot holds: the variant's vector (when the mesh has it) and scalar `param`. */
  private params(param: number): ParamRef[] {
    const vp = this.variant.ref.vectorParam;
    const out: ParamRef[] = [];
    if (this.animation.vectors[vp]) out.push({ vector: true, param: vp });
    if (param >= 0) out.push({ vector: false, param });
    return out;
  }

  /**
   * Uploads frame `f` into `slot` when all its values are at hand (else the
   * slot keeps what it has); with `hold` (playback crossed into f) only
   * when f is staged in full, the frame before shown alone meanwhile.
   */
  private fill(slot: number, f: number, param: number, hold: boolean): void {
    const vp = this.params(param);
    const values = vp.map((p) => this.source.values(p, f));
    if (values.some((v) => v === undefined)) return;
    const got = values as Float32Array[];
    if (!this.slots.place(slot, f, vp, got, hold)) return;
    vp.forEach((p, k) => {
      if (!p.vector && this.streamed) this.see(param, f, got[k]!);
    });
    const cells = cellScalarAt(this.animation, param, f);
    if (cells && this.flat) {
      const xyz = vp[0]?.vector ? got[0]! : this.animation.positions;
      this.flat.cells.fill(slot, xyz, cells);
    }
  }

  /**
   * Stages the frame after the two shown (playback runs forward; after the
   * last, the first, for the wrap), slices within the time budget per
   * animation frame; or the frame the view holds back from.
   */
  private stageNext(cursor: FrameCursor, param: number): void {
    const { i0, i1 } = cursor;
    const held = (f: number) => this.slots.held(f);
    const staged = this.slots.state.stagedFrame;
    const frames = this.animation.times.length;
    // A staged frame the playhead needs is kept; else i1 when it is not shown (decision 321).
    let next = Math.max(i0, i1) + 1;
    if (staged >= 0 && !held(staged) && (staged === i0 || staged === i1)) next = staged;
    else if (!held(i1)) next = i1;
    else if (next >= frames && this.source.complete) next = 0;
    const vp = this.params(param);
    const fresh = next < frames && this.slots.state.stagedFrame !== next && !this.slots.held(next);
    const values = fresh ? vp.map((p) => this.source.values(p, next)) : [];
    this.slots.stage(next < frames ? next : -1, vp, values);
  }

  /**
   * The latest time playback may reach showing only frames this view holds
   * (decision 351): the next frame's time when it is staged in full, else the
   * time of the frame it would cross from (the clock waits there, on that
   * frame exactly). At the last frame, `Infinity` when the first is staged
   * for the wrap (a streamed view never holds the wrap), else `end`.
   */
  playLimit(cursor: FrameCursor, end: number): number {
    const t = this.animation.times;
    const { i0, i1 } = cursor;
    const s = this.slots;
    if (!s.held(i0) || !s.held(i1)) return t[i0]!;
    const last = Math.max(i0, i1);
    if (last + 1 < t.length) return s.ready(last + 1) || s.held(last + 1) ? t[last + 1]! : t[last]!;
    const wraps = !this.source.complete || s.ready(0) || s.held(0);
    return wraps ? Number.POSITIVE_INFINITY : Math.max(end, t[last]!);
  }

  /** The frame this view waits for (staging it) and the share of it uploaded, or undefined. */
  get waiting(): { frame: number; done: number } | undefined {
    const f = this.waitingFor;
    if (f < 0) return undefined;
    const st = this.slots.state;
    const staged = st.stagedFrame === f && st.plan.total > 0;
    return { frame: f, done: staged ? 1 - st.plan.remaining / st.plan.total : 0 };
  }

  /** Frames put into a shown slot so far (one per frame interval crossed in playback). */
  get frameUploads(): number {
    return this.slots.frameUploads;
  }

  /** Records a streamed frame's value range (the colour range of a streamed mesh grows as frames arrive). */
  private see(param: number, f: number, v: Float32Array): void {
    const r = this.scalarRanges(param) as { -readonly [K in keyof ScalarRanges]: ScalarRanges[K] };
    const k = r.min.length === 1 ? 0 : f;
    if (!Number.isNaN(r.min[k]!)) return;
    frameRange(v, r.min, r.max, k);
    r.allMin = Math.min(r.allMin, r.min[k]!);
    r.allMax = Math.max(r.allMax, r.max[k]!);
  }

  /** Frees the GPU buffers. */
  dispose(): void {
    this.object.geometry.dispose();
    this.object.material.dispose();
    for (const c of this.object.children) {
      const o = c as THREE.Mesh;
      (o.material as THREE.Material).dispose();
      if (o.geometry !== this.object.geometry) o.geometry.dispose();
    }
  }
}
