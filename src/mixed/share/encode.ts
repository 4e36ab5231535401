/**
 * Packing a mesh animation into a packed mesh series (`*.dmesh`,
 * docs/formats/mesh-pack.md): positions and parameters quantised within a
 * stated error, predicted between frames, deflated.
 */
import { cellScalarAt, type MeshAnimation, scalarAt, vectorAt } from "../agr/index.js";
import { deflate } from "./deflate.js";
import {
  type IntSection,
  MESH_PACK_MAGIC,
  MESH_PACK_VERSION,
  type MeshPackHeader,
  PREFIX_BYTES,
  type QuantSection,
} from "./header.js";
import { encodeArray, type FrameValues, finiteRange, grid } from "./quantise.js";

/** How precisely {@link packMesh} keeps values. */
export interface PackOptions {
  /**
   * The largest error, as a fraction (default 1e-3): of the model size (the
   * diagonal of the initial positions' box) for positions and vectors (the
   * length of the error vector; a vector whose components span less uses
   * that span instead), of the value range for scalars.
   */
  readonly precision?: number;
}

/** The default {@link PackOptions.precision}: the display's precision. */
export const DEFAULT_PRECISION = 1e-3;

/** The diagonal of the box of `positions` (xyz packed). */
export function modelSize(positions: Float32Array): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!;
      if (v < lo[k]!) lo[k] = v;
      if (v > hi[k]!) hi[k] = v;
    }
  }
  const d = lo.map((l, k) => (hi[k]! >= l ? hi[k]! - l : 0));
  return Math.hypot(d[0]!, d[1]!, d[2]!);
}

/** One float array to pack: its id, frames and how its tolerance is found. */
interface FloatSource {
  readonly id: string;
  readonly n: number;
  readonly frames: number;
  readonly stride: 1 | 3;
  readonly frame: FrameValues;
}

function floatSources(m: MeshAnimation): FloatSource[] {
  const F = m.times.length;
  const N = m.nodeCount;
  const cells = m.cellTypes.length;
  const out: FloatSource[] = [
    { id: "positions", n: 3 * N, frames: 1, stride: 3, frame: () => m.positions },
  ];
  m.scalars.forEach((p, i) => {
    const frames = p.varying ? F : 1;
    out.push({ id: `scalar/${i}`, n: N, frames, stride: 1, frame: (f) => scalarAt(m, i, f) });
    if (m.cellValues?.[i])
      out.push({
        id: `cell/${i}`,
        n: cells,
        frames,
        stride: 1,
        frame: (f) => cellScalarAt(m, i, f)!,
      });
  });
  m.vectors.forEach((p, i) => {
    out.push({
      id: `vector/${i}`,
      n: 3 * N,
      frames: p.varying ? F : 1,
      stride: 3,
      frame: (f) => vectorAt(m, i, f),
    });
  });
  return out;
}

/** Packs one float array, trying both temporal orders and keeping the smaller. */
async function packFloats(
  s: FloatSource,
  size: number,
  precision: number,
): Promise<[QuantSection, Uint8Array]> {
  const [lo, hi] = finiteRange(s.frame, s.frames);
  // Half a step is the error per component; a vector's error is √3 times that.
  const span = s.stride === 3 ? Math.min(size, hi - lo) / Math.sqrt(3) : hi - lo;
  // Decoded values are rounded to float32: leave room for that rounding.
  const rounding = Math.max(Math.abs(lo), Math.abs(hi)) * 2 ** -23;
  const { min, step } = grid(lo, hi, 0.999 * precision * span - rounding);
  let best: [QuantSection, Uint8Array] | undefined;
  for (const order of s.frames > 2 ? ([1, 2] as const) : ([1] as const)) {
    const layout = { n: s.n, frames: s.frames, stride: s.stride, min, step, order };
    const bytes = await deflate(encodeArray(s.frame, layout));
    if (!best || bytes.length < best[1].length)
      best = [{ id: s.id, ...layout, packed: bytes.length }, bytes];
  }
  return best!;
}

/** `values` as `width` byte planes, deflated. */
async function packInts(
  id: string,
  values: ArrayLike<number>,
  max: number,
): Promise<[IntSection, Uint8Array]> {
  const width = max < 0x100 ? 1 : max < 0x10000 ? 2 : max < 0x1000000 ? 3 : 4;
  const count = values.length;
  const planes = new Uint8Array(width * count);
  for (let i = 0; i < count; i++) {
    const v = values[i]!;
    for (let b = 0; b < width; b++) planes[b * count + i] = (v >>> (8 * b)) & 0xff;
  }
  const bytes = await deflate(planes);
  return [{ id, count, width, packed: bytes.length }, bytes];
}

function intSources(m: MeshAnimation): [string, ArrayLike<number>, number][] {
  const out: [string, ArrayLike<number>, number][] = [
    ["cellTypes", m.cellTypes, 255],
    ["connectivity", m.connectivity, m.nodeCount],
  ];
  if (m.lines) out.push(["lines", m.lines, m.nodeCount]);
  if (m.vertices) out.push(["vertices", m.vertices, m.nodeCount]);
  return out;
}

/** The bytes of a packed mesh series holding `m` within `options.precision`. */
export async function packMesh(m: MeshAnimation, options: PackOptions = {}): Promise<Uint8Array> {
  const precision = options.precision ?? DEFAULT_PRECISION;
  const size = modelSize(m.positions);
  const floats: [QuantSection, Uint8Array][] = [];
  for (const s of floatSources(m)) floats.push(await packFloats(s, size, precision));
  const ints: [IntSection, Uint8Array][] = [];
  for (const [id, values, max] of intSources(m)) ints.push(await packInts(id, values, max));
  const header: MeshPackHeader = {
    type: m.type,
    nodeCount: m.nodeCount,
    times: [...m.times],
    scalars: m.scalars.map(({ name, unit, varying }) => ({ name, unit, varying })),
    vectors: m.vectors.map(({ name, unit, varying }) => ({ name, unit, varying })),
    floats: floats.map(([s]) => s),
    ints: ints.map(([s]) => s),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const sections = [...floats, ...ints].map(([, b]) => b);
  const total = PREFIX_BYTES + json.length + sections.reduce((t, b) => t + b.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(MESH_PACK_MAGIC, 0);
  view.setUint32(8, MESH_PACK_VERSION, true);
  view.setUint32(12, json.length, true);
  out.set(json, PREFIX_BYTES);
  let at = PREFIX_BYTES + json.length;
  for (const b of sections) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}
