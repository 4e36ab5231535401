/**
 * Checks of generated exports for numbers that are not finite (an
 * exaggeration of 1e300 overflows float32 to Infinity): the actual bytes
 * about to be written are read back, so whatever caused the overflow is caught.
 */
import { Buffer } from "node:buffer";

const GLB_JSON = 0x4e4f534a;
const GLB_BIN = 0x004e4942;
const FLOAT = 5126;
const COMPONENTS: Readonly<Record<string, number>> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};

interface GltfJson {
  readonly accessors?: readonly {
    readonly bufferView?: number;
    readonly byteOffset?: number;
    readonly componentType: number;
    readonly count: number;
    readonly type: string;
    readonly name?: string;
  }[];
  readonly bufferViews?: readonly {
    readonly byteOffset?: number;
    readonly byteStride?: number;
  }[];
}

/**
 * The first float accessor of a binary glTF that holds a non-finite number,
 * as words ("accessor 7 'rod/morph 3'"); undefined when every float is finite.
 */
export function glbNonFinite(glb: Uint8Array): string | undefined {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  let json: GltfJson | undefined;
  let bin: DataView | undefined;
  for (let at = 12; at + 8 <= glb.length; ) {
    const length = view.getUint32(at, true);
    const type = view.getUint32(at + 4, true);
    const start = at + 8;
    if (type === GLB_JSON) {
      json = JSON.parse(new TextDecoder().decode(glb.subarray(start, start + length))) as GltfJson;
    } else if (type === GLB_BIN) bin = new DataView(glb.buffer, glb.byteOffset + start, length);
    at = start + length;
  }
  if (!json || !bin) return undefined;
  for (const [index, a] of (json.accessors ?? []).entries()) {
    if (a.componentType !== FLOAT || a.bufferView === undefined) continue;
    const bv = json.bufferViews?.[a.bufferView];
    const n = COMPONENTS[a.type] ?? 1;
    const stride = bv?.byteStride ?? 4 * n;
    const base = (bv?.byteOffset ?? 0) + (a.byteOffset ?? 0);
    for (let i = 0; i < a.count; i++) {
      for (let c = 0; c < n; c++) {
        const v = bin.getFloat32(base + i * stride + 4 * c, true);
        if (!Number.isFinite(v)) return `accessor ${index}${a.name ? ` '${a.name}'` : ""}`;
      }
    }
  }
  return undefined;
}

const DATA_ARRAY = /<DataArray\b([^>]*)>([^<]*)<\/DataArray>/g;

/**
 * The name of the first Float32/Float64 `DataArray` of a VTK XML file (inline
 * ascii or base64 binary, uncompressed) holding a non-finite number; undefined if none.
 */
export function vtkNonFinite(data: string | Uint8Array): string | undefined {
  const text = typeof data === "string" ? data : new TextDecoder().decode(data);
  const header = /header_type="UInt64"/.test(text) ? 8 : 4;
  for (const m of text.matchAll(DATA_ARRAY)) {
    const attrs = m[1]!;
    const type = /\btype="(Float32|Float64)"/.exec(attrs)?.[1];
    if (!type) continue;
    const name = /\bName="([^"]*)"/.exec(attrs)?.[1] ?? "?";
    const body = m[2]!.trim();
    if (/\bformat="ascii"/.test(attrs)) {
      for (const token of body.split(/\s+/)) {
        if (token !== "" && !Number.isFinite(Number(token))) return name;
      }
      continue;
    }
    if (!/\bformat="binary"/.test(attrs)) continue;
    const headerChars = Math.ceil(header / 3) * 4;
    const bytes = Buffer.from(body.slice(headerChars), "base64");
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const size = type === "Float32" ? 4 : 8;
    for (let at = 0; at + size <= bytes.length; at += size) {
      const v = size === 4 ? dv.getFloat32(at, true) : dv.getFloat64(at, true);
      if (!Number.isFinite(v)) return name;
    }
  }
  return undefined;
}
