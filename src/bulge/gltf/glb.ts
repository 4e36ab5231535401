/**
 * The two chunks of a binary glTF, taken apart and put back together, so a
 * bake can append to the asset without touching anything it does not add:
 * the JSON is reparsed and restringified (member order kept), the binary
 * chunk is kept byte for byte and grows at its end.
 */

/** A GLB's JSON (parsed) and its binary chunk (empty when absent). */
export interface GlbParts {
  json: Record<string, unknown> & {
    accessors?: Record<string, unknown>[];
    bufferViews?: Record<string, unknown>[];
    buffers?: Record<string, unknown>[];
    meshes?: Record<string, unknown>[];
    nodes?: Record<string, unknown>[];
    animations?: Record<string, unknown>[];
  };
  bin: Uint8Array;
}

const MAGIC = 0x46546c67;
const JSON_TYPE = 0x4e4f534a;
const BIN_TYPE = 0x004e4942;

/** The parts of a GLB, or a sentence saying why it is not one. */
export function splitGlb(bytes: Uint8Array): GlbParts | string {
  if (bytes.length < 20) return "too short for a binary glTF";
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== 2)
    return "not a binary glTF 2.0";
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== JSON_TYPE || 20 + jsonLength > bytes.length)
    return "its first chunk is not JSON";
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
  } catch {
    return "its JSON chunk is not JSON";
  }
  if (json === null || typeof json !== "object" || Array.isArray(json))
    return "its JSON is not an object";
  let bin = new Uint8Array(0);
  const at = 20 + jsonLength;
  if (at + 8 <= bytes.length && view.getUint32(at + 4, true) === BIN_TYPE) {
    const length = view.getUint32(at, true);
    if (at + 8 + length > bytes.length) return "its binary chunk is cut short";
    bin = bytes.slice(at + 8, at + 8 + length);
  }
  return { json: json as GlbParts["json"], bin };
}

/** A GLB of `parts` (JSON padded with spaces, binary with zeros, to 4 bytes). */
export function joinGlb(parts: GlbParts): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(parts.json));
  const jsonLength = Math.ceil(text.length / 4) * 4;
  const binLength = Math.ceil(parts.bin.length / 4) * 4;
  const hasBin = parts.bin.length > 0;
  const total = 12 + 8 + jsonLength + (hasBin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, JSON_TYPE, true);
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(text, 20);
  if (hasBin) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, BIN_TYPE, true);
    out.set(parts.bin, at + 8);
  }
  return out;
}

/** Appends float data to the binary chunk (4-byte aligned) as a new buffer view and accessor; returns the accessor's index. */
export function appendAccessor(
  parts: GlbParts,
  data: Float32Array,
  type: "SCALAR" | "VEC3",
  withBounds: boolean,
): number {
  const start = Math.ceil(parts.bin.length / 4) * 4;
  const bin = new Uint8Array(start + data.byteLength);
  bin.set(parts.bin);
  bin.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), start);
  parts.bin = bin;
  parts.json.buffers ??= [];
  const buffers = parts.json.buffers;
  if (buffers.length === 0) buffers.push({ byteLength: 0 });
  buffers[0]!.byteLength = bin.length;
  parts.json.bufferViews ??= [];
  const views = parts.json.bufferViews;
  views.push({ buffer: 0, byteOffset: start, byteLength: data.byteLength });
  const size = type === "VEC3" ? 3 : 1;
  const accessor: Record<string, unknown> = {
    bufferView: views.length - 1,
    componentType: 5126,
    count: data.length / size,
    type,
  };
  if (withBounds) {
    const min = new Array<number>(size).fill(Number.POSITIVE_INFINITY);
    const max = new Array<number>(size).fill(Number.NEGATIVE_INFINITY);
    for (let i = 0; i < data.length; i++) {
      min[i % size] = Math.min(min[i % size]!, data[i]!);
      max[i % size] = Math.max(max[i % size]!, data[i]!);
    }
    accessor.min = data.length > 0 ? min : new Array<number>(size).fill(0);
    accessor.max = data.length > 0 ? max : new Array<number>(size).fill(0);
  }
  parts.json.accessors ??= [];
  const accessors = parts.json.accessors;
  accessors.push(accessor);
  return accessors.length - 1;
}
