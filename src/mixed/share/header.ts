/**
 * The packed mesh series' layout (docs/formats/mesh-pack.md): 8 bytes of
 * magic, a u32 version, a u32 header length, the header (JSON) and the
 * sections it lists, each one zlib stream, back to back.
 */
import type { ParamDescriptor } from "../agr/index.js";

/** `\x89DMESH\r\n`: binary (the high byte), and a line ending a text transfer would change. */
export const MESH_PACK_MAGIC = new Uint8Array([0x89, 0x44, 0x4d, 0x45, 0x53, 0x48, 0x0d, 0x0a]);
/** The version this code writes and reads. */
export const MESH_PACK_VERSION = 1;
/** Bytes before the header: magic, version, header length. */
export const PREFIX_BYTES = 16;
/** The most values (floats and integers) a packed series may declare: what a player holds in 1 GiB with room to decode. */
export const MAX_VALUES = 100_000_000;

/** A quantised float array (positions, a parameter, a cell parameter). */
export interface QuantSection {
  /** `positions`, `scalar/P`, `vector/P`, `cell/P` (P the parameter's index). */
  readonly id: string;
  readonly n: number;
  readonly frames: number;
  readonly stride: number;
  readonly min: number;
  readonly step: number;
  readonly order: 1 | 2;
  /** Bytes of the section in the file (deflated). */
  readonly packed: number;
}

/** An integer array (`cellTypes`, `connectivity`, `lines`, `vertices`), written as `width` byte planes. */
export interface IntSection {
  readonly id: string;
  readonly count: number;
  readonly width: 1 | 2 | 3 | 4;
  readonly packed: number;
}

/** The header: the mesh animation's small fields and its sections, in file order (floats, then integers). */
export interface MeshPackHeader {
  readonly type: number;
  readonly nodeCount: number;
  readonly times: readonly number[];
  readonly scalars: readonly ParamDescriptor[];
  readonly vectors: readonly ParamDescriptor[];
  readonly floats: readonly QuantSection[];
  readonly ints: readonly IntSection[];
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function isParam(p: unknown): p is ParamDescriptor {
  const o = p as ParamDescriptor | null;
  return (
    typeof o === "object" &&
    o !== null &&
    typeof o.name === "string" &&
    typeof o.unit === "string" &&
    typeof o.varying === "boolean"
  );
}

function quantProblem(s: QuantSection): string | undefined {
  if (typeof s.id !== "string" || !isCount(s.n) || !isCount(s.frames) || !isCount(s.packed))
    return "a float section has no id or a bad count";
  if (!isNumber(s.min) || !isNumber(s.step) || !(s.step > 0))
    return `section ${s.id} has no usable grid (min, step)`;
  if (s.stride !== 1 && s.stride !== 3) return `section ${s.id} has a stride other than 1 or 3`;
  if (s.order !== 1 && s.order !== 2) return `section ${s.id} has an order other than 1 or 2`;
  return undefined;
}

function intProblem(s: IntSection): string | undefined {
  if (typeof s.id !== "string" || !isCount(s.count) || !isCount(s.packed))
    return "an integer section has no id or a bad count";
  if (![1, 2, 3, 4].includes(s.width)) return `section ${s.id} has a width other than 1 to 4 bytes`;
  return undefined;
}

/** What is wrong with a parsed header (a short phrase), or undefined when it is well formed. */
export function headerProblem(h: MeshPackHeader): string | undefined {
  if (typeof h !== "object" || h === null) return "it is not a JSON object";
  if (!isCount(h.type) || !isCount(h.nodeCount)) return "the type or node count is not a count";
  if (!Array.isArray(h.times) || h.times.length === 0 || !h.times.every(isNumber))
    return "the frame times are missing or not numbers";
  if (!Array.isArray(h.scalars) || !h.scalars.every(isParam))
    return "a scalar parameter has no name, unit or varying flag";
  if (!Array.isArray(h.vectors) || !h.vectors.every(isParam))
    return "a vector parameter has no name, unit or varying flag";
  if (!Array.isArray(h.floats) || !Array.isArray(h.ints)) return "the section lists are missing";
  const problem = h.floats.map(quantProblem).find(Boolean) ?? h.ints.map(intProblem).find(Boolean);
  if (problem) return problem;
  const values =
    h.floats.reduce((t, s) => t + s.n * s.frames, 0) + h.ints.reduce((t, s) => t + s.count, 0);
  if (values > MAX_VALUES)
    return `it declares ${values} values, more than the ${MAX_VALUES} values a player holds`;
  return undefined;
}
