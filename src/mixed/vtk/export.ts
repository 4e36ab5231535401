/**
 * Export of a mixed animation to VTK XML: per exported time one `.vtm`
 * (a block per body, named after it) over one `.vtu` per body with world
 * points, cells and point data, plus `.pvd` collections so ParaView opens
 * the series (`<name>.pvd` for the whole model, `<name>_<body>.pvd` per body).
 * See `docs/formats/exports.md`.
 */
import { applyToPoints } from "../../core/affine.js";
import { lerpArrays } from "../../core/frame-cursor.js";
import { CELL_KINDS, vectorAt } from "../agr/model.js";
import { type FrameOptions, sampleTimes } from "../sample/frames.js";
import { rigidMesh } from "../sample/rigid-mesh.js";
import { MixedSampler } from "../sample/sampler.js";
import type { MixedScene, SceneBody, SceneVariant } from "../sample/scene.js";
import { type VtkPointArray, writePvd, writeVtm, writeVtu } from "./write-xml.js";

/** Options of {@link exportVtk}. */
export interface VtkOptions extends FrameOptions {
  /** Base name of the files (`<name>.pvd`, `<name>_00000.vtm`, …). */
  readonly name?: string;
  /** Displacement exaggeration applied to the points of stress-strain meshes. */
  readonly exaggeration?: number;
  /** Segments around cylinders and spheres. */
  readonly segments?: number;
  /** Called after each exported time: `done` of `total`. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Defaults of {@link VtkOptions}: the `.amb`'s frames, base name `mixed`, true scale. */
export const VTK_DEFAULTS = { name: "mixed", frameStep: 1, exaggeration: 1, segments: 32 } as const;

/** One output file: a path relative to the output folder (`/`-separated) and its contents. */
export interface ExportFile {
  readonly name: string;
  readonly data: Uint8Array | string;
}

/** Every file of the VTK export of `scene` (see {@link vtkFiles}), collected. */
export function exportVtk(scene: MixedScene, options: VtkOptions = {}): ExportFile[] {
  return [...vtkFiles(scene, options)];
}

/** The VTK export of `scene`, file by file: each frame's `.vtu`s then its `.vtm`; the `.pvd`s last. */
export function* vtkFiles(scene: MixedScene, options: VtkOptions = {}): Generator<ExportFile> {
  const base = safeName(options.name ?? VTK_DEFAULTS.name);
  const times = sampleTimes(scene, options);
  const exaggeration = options.exaggeration ?? VTK_DEFAULTS.exaggeration;
  const segments = options.segments ?? VTK_DEFAULTS.segments;
  const sampler = new MixedSampler(scene);
  const writers = uniqueNames(scene.bodies).map((file, b) =>
    bodyWriter(sampler, scene.bodies[b]!, file, { exaggeration, segments }),
  );
  const digits = Math.max(5, String(times.length - 1).length);
  const perBody = writers.map(() => [] as { time: number; file: string }[]);
  const all: { time: number; file: string }[] = [];
  for (let k = 0; k < times.length; k++) {
    const t = times[k]!;
    sampler.setTime(t);
    const frame = `${base}_${String(k).padStart(digits, "0")}`;
    const blocks: { name: string; file: string }[] = [];
    for (let b = 0; b < writers.length; b++) {
      const w = writers[b]!;
      const file = `${frame}/${w.file}.vtu`;
      yield { name: file, data: w.write(t) };
      blocks.push({ name: w.name, file });
      perBody[b]!.push({ time: t, file });
    }
    yield { name: `${frame}.vtm`, data: writeVtm(blocks) };
    all.push({ time: t, file: `${frame}.vtm` });
    options.onProgress?.(k + 1, times.length);
  }
  yield { name: `${base}.pvd`, data: writePvd(all) };
  for (let b = 0; b < writers.length; b++) {
    yield { name: `${base}_${writers[b]!.file}.pvd`, data: writePvd(perBody[b]!) };
  }
}

interface BodyWriter {
  readonly name: string;
  readonly file: string;
  write(t: number): string;
}

function bodyWriter(
  sampler: MixedSampler,
  body: SceneBody,
  file: string,
  o: { exaggeration: number; segments: number },
): BodyWriter {
  const variant = body.variants[body.variantInUse];
  if (variant?.animation) return meshWriter(sampler, body, variant, file, o.exaggeration);
  const shape = rigidMesh(body.geometry, { segments: o.segments });
  const local = shape?.positions ?? new Float32Array(0);
  const connectivity = Int32Array.from(shape?.indices ?? []);
  const triangles = connectivity.length / 3;
  const offsets = new Int32Array(triangles);
  for (let c = 0; c < triangles; c++) offsets[c] = 3 * (c + 1);
  const types = new Uint8Array(triangles).fill(5);
  const points = new Float32Array(local.length);
  const m = new Float64Array(12);
  return {
    name: body.name,
    file,
    write(t) {
      applyToPoints(sampler.bodyMatrix(body.index, m), local, points);
      return writeVtu({ points, types, connectivity, offsets, pointData: [], time: t });
    },
  };
}

function meshWriter(
  sampler: MixedSampler,
  body: SceneBody,
  variant: SceneVariant,
  file: string,
  exaggeration: number,
): BodyWriter {
  const m = variant.animation!;
  const n = m.nodeCount;
  // Cells as stored (VTK node order); cells of unknown kind end the list, as in extractSurface.
  const all = new Int32Array(m.cellTypes.length);
  let cells = 0;
  let end = 0;
  for (; cells < m.cellTypes.length; cells++) {
    const kind = CELL_KINDS.get(m.cellTypes[cells]!);
    if (!kind || end + kind.nodes > m.connectivity.length) break;
    end += kind.nodes;
    all[cells] = end;
  }
  const offsets = all.subarray(0, cells);
  const types = m.cellTypes.slice(0, offsets.length);
  const connectivity = Int32Array.from(m.connectivity.subarray(0, end));
  const points = new Float32Array(3 * n);
  const scalars: VtkPointArray[] = m.scalars.map((p) => ({
    name: p.name,
    components: 1,
    values: new Float32Array(n),
  }));
  const vectors: VtkPointArray[] = m.vectors.map((p) => ({
    name: p.name,
    components: 3,
    values: new Float32Array(3 * n),
  }));
  const moves = m.vectors[variant.ref.vectorParam]?.varying === true;
  const displacement: VtkPointArray | null = moves
    ? { name: "displacement_vector", components: 3, values: new Float32Array(3 * n) }
    : null;
  const pointData = [...scalars, ...vectors, ...(displacement ? [displacement] : [])];
  const matrix = new Float64Array(12);
  const activeScalars = m.scalars[variant.ref.scalarParam]?.name;
  return {
    name: body.name,
    file,
    write(t) {
      sampler.worldPositions(body.index, variant, points, { exaggeration });
      for (let p = 0; p < scalars.length; p++) sampler.scalars(variant, scalars[p]!.values, p);
      const cursor = sampler.meshFrame(m);
      for (let p = 0; p < vectors.length; p++) {
        const out = vectors[p]!.values;
        if (!m.vectors[p]!.varying) out.set(vectorAt(m, p, 0));
        else
          lerpArrays(
            vectorAt(m, p, cursor.i0),
            vectorAt(m, p, cursor.i1),
            cursor.alpha,
            out,
            3 * n,
          );
      }
      if (displacement) {
        // p(t) − p0 in the mesh frame, turned by the rotation of M(t)·A into world orientation.
        const d = displacement.values;
        sampler.meshPositions(variant, d);
        const p0 = m.positions;
        for (let k = 0; k < 3 * n; k++) d[k] = d[k]! - p0[k]!;
        sampler.meshMatrix(body.index, variant, matrix);
        matrix[3] = matrix[7] = matrix[11] = 0;
        applyToPoints(matrix, d, d);
      }
      return writeVtu({
        points,
        types,
        connectivity,
        offsets,
        pointData,
        ...(activeScalars ? { activeScalars } : {}),
        time: t,
      });
    },
  };
}

/** A file-name-safe form of `s`: letters, digits, `_ . -` kept, anything else `_`. */
export function safeName(s: string): string {
  // A leading dot would make a hidden file (which the studio's file API refuses).
  const r = s.replace(/[^A-Za-z0-9_.-]/g, "_").replace(/^\./, "_");
  return r === "" ? "_" : r;
}

/** File stems of the bodies: their safe names, numbered when two agree. */
function uniqueNames(bodies: readonly SceneBody[]): string[] {
  const seen = new Set<string>();
  return bodies.map((b) => {
    const safe = safeName(b.name);
    let name = safe;
    // A numbered name may itself be taken (a body named `a_2` before body 2 `a`).
    for (let k = 1; seen.has(name.toLowerCase()); k++) {
      name = k === 1 ? `${safe}_${b.number}` : `${safe}_${b.number}_${k}`;
    }
    seen.add(name.toLowerCase());
    return name;
  });
}
