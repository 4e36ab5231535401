/**
 * A mesh body on the GPU: the surface of one `.agr` variant whose per-frame
 * node positions and scalars are attribute views swapped in when the frame
 * interval changes; per frame only uniforms and the object matrix change.
 */
import * as THREE from "three";
import { COLORMAP_SIZE, type ColormapName, colormap } from "../../../src/core/colormap.js";
import type { FrameCursor } from "../../../src/core/frame-cursor.js";
import { type MeshAnimation, scalarAt, vectorAt } from "../../../src/mixed/agr/model.js";
import type { SceneVariant } from "../../../src/mixed/sample/index.js";
import { EDGE_FRAGMENT, MESH_FRAGMENT, MESH_VERTEX } from "./shaders.js";

/** How the colour range follows the data. */
export type RangeMode = "frame" | "all" | "fixed";

/** Per-frame minimum and maximum of one scalar parameter, and over all frames. */
export interface ScalarRanges {
  readonly min: Float32Array;
  readonly max: Float32Array;
  readonly allMin: number;
  readonly allMax: number;
}

/** Minimum and maximum of each frame of scalar parameter `param` (one pass at load). */
export function scalarRanges(m: MeshAnimation, param: number): ScalarRanges {
  const frames = m.scalars[param]?.varying ? m.times.length : 1;
  const min = new Float32Array(frames);
  const max = new Float32Array(frames);
  let allMin = Number.POSITIVE_INFINITY;
  let allMax = Number.NEGATIVE_INFINITY;
  for (let f = 0; f < frames; f++) {
    const v = scalarAt(m, param, f);
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < v.length; k++) {
      const x = v[k]!;
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
    min[f] = lo;
    max[f] = hi;
    if (lo < allMin) allMin = lo;
    if (hi > allMax) allMax = hi;
  }
  return { min, max, allMin, allMax };
}

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
  private ranges: ScalarRanges;
  private rangesParam: number;
  private readonly shownFrames = [-1, -1, -1];
  /** Colour range in use after the last {@link update}. */
  readonly range = { min: 0, max: 1 };

  constructor(readonly variant: SceneVariant) {
    const m = variant.animation!;
    this.animation = m;
    const g = new THREE.BufferGeometry();
    g.setIndex(new THREE.BufferAttribute(variant.surface, 1));
    g.setAttribute("position", new THREE.BufferAttribute(m.positions, 3));
    const p = m.vectors[variant.ref.vectorParam]
      ? vectorAt(m, variant.ref.vectorParam, 0)
      : m.positions;
    const s = m.scalars[variant.ref.scalarParam]
      ? scalarAt(m, variant.ref.scalarParam, 0)
      : new Float32Array(m.nodeCount);
    g.setAttribute("pos0", dynamic(new THREE.BufferAttribute(p, 3)));
    g.setAttribute("pos1", dynamic(new THREE.BufferAttribute(p, 3)));
    g.setAttribute("val0", dynamic(new THREE.BufferAttribute(s, 1)));
    g.setAttribute("val1", dynamic(new THREE.BufferAttribute(s, 1)));
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
    this.rangesParam = variant.ref.scalarParam;
    this.ranges = scalarRanges(m, this.rangesParam);
  }

  /** Draws (or hides) the surface's triangle edges, deformed like the surface. */
  setEdges(on: boolean): void {
    let edges = this.object.children[0] as
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
      this.object.add(edges);
    }
    if (edges) edges.visible = on;
  }

  /** Ranges of the scalar parameter shown. */
  scalarRanges(param: number): ScalarRanges {
    if (param !== this.rangesParam) {
      this.rangesParam = param;
      this.ranges = scalarRanges(this.animation, param);
    }
    return this.ranges;
  }

  /** Points the attributes at the frames of `cursor` and sets the uniforms; O(1) unless the interval changed. */
  update(cursor: FrameCursor, matrix: ArrayLike<number>, s: MeshSettings): void {
    const m = this.animation;
    const g = this.object.geometry;
    const u = this.object.material.uniforms;
    const param = Math.min(s.scalarParam, m.scalars.length - 1);
    if (
      cursor.i0 !== this.shownFrames[0] ||
      cursor.i1 !== this.shownFrames[1] ||
      param !== this.shownFrames[2]
    ) {
      const vp = this.variant.ref.vectorParam;
      if (m.vectors[vp]) {
        point(g.getAttribute("pos0") as THREE.BufferAttribute, vectorAt(m, vp, cursor.i0));
        point(g.getAttribute("pos1") as THREE.BufferAttribute, vectorAt(m, vp, cursor.i1));
      }
      if (param >= 0) {
        point(g.getAttribute("val0") as THREE.BufferAttribute, scalarAt(m, param, cursor.i0));
        point(g.getAttribute("val1") as THREE.BufferAttribute, scalarAt(m, param, cursor.i1));
      }
      this.shownFrames[0] = cursor.i0;
      this.shownFrames[1] = cursor.i1;
      this.shownFrames[2] = param;
    }
    u.uAlpha!.value = cursor.alpha;
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

  /** Frees the GPU buffers. */
  dispose(): void {
    this.object.geometry.dispose();
    this.object.material.dispose();
    for (const c of this.object.children) ((c as THREE.Mesh).material as THREE.Material).dispose();
  }
}

function dynamic(a: THREE.BufferAttribute): THREE.BufferAttribute {
  a.setUsage(THREE.DynamicDrawUsage);
  return a;
}

/** Points an attribute at another view of the same length: no copy in JavaScript, one upload. */
function point(a: THREE.BufferAttribute, view: Float32Array): void {
  if (a.array === view) return;
  (a as { array: THREE.TypedArray }).array = view;
  a.needsUpdate = true;
}
