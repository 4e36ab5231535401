/**
 * A value made of plain objects, arrays, strings, numbers, booleans, null
 * and typed arrays, as one byte string and back: JSON for the structure and
 * the typed arrays' bytes after it, each 8-byte aligned, so the reader makes
 * views of the bytes it got instead of copies (the studio server sends a
 * loaded mesh this way, decision 224). Non-finite numbers and `undefined` in
 * arrays survive (JSON alone turns them into null).
 *
 * Layout: the 4 bytes `DFPK`, a little-endian u32 byte length L of the JSON,
 * L bytes of UTF-8 JSON, zero padding to a multiple of 8, then the data. In
 * the JSON a typed array is `{"\u0000t": kind, "o": offset into the data,
 * "n": element count}`, a non-finite number `{"\u0000n": "NaN" | "Infinity" |
 * "-Infinity"}` and `undefined` in an array `{"\u0000u": 1}`. Several typed
 * arrays may point at the same bytes (packed with `once`, decision 371).
 */

const MAGIC = [0x44, 0x46, 0x50, 0x4b];

/** The typed arrays a packed value may hold, by name. */
const KINDS = {
  Int8Array,
  Uint8Array,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
} as const;

type Kind = keyof typeof KINDS;
type Typed = InstanceType<(typeof KINDS)[Kind]>;

const T = "\u0000t";
const N = "\u0000n";
const U = "\u0000u";

const align8 = (n: number) => (n + 7) & ~7;

/** Options of {@link packTyped}. */
export interface PackOptions {
  /**
   * Typed arrays of the same kind and the same elements are sent once, every
   * one of them pointing at those bytes (decision 371): the reader then gets
   * views that share their bytes, so it must not write into them.
   */
  readonly once?: boolean;
}

/** Of the arrays already packed, those compared with a new one of the same kind and length, at most. */
const SAME_CANDIDATES = 8;

/**
 * `value` packed (see the module comment), or undefined when it holds
 * something else (a function, a class instance, a Map, a bigint, a cycle).
 */
export function packTyped(value: unknown, options: PackOptions = {}): Uint8Array | undefined {
  const parts: Typed[] = [];
  let size = 0;
  const seen = new Set<object>();
  const packed = new Map<string, { typed: Typed; at: number }[]>();
  /** Where `typed`'s elements already are in the data, when asked to send equal arrays once. */
  const earlier = (typed: Typed, kind: Kind): number | undefined => {
    if (!options.once) return undefined;
    const key = `${kind}:${typed.length}`;
    const list = packed.get(key) ?? [];
    const same = list.find((p) => p.typed === typed || sameBytes(p.typed, typed));
    if (same) return same.at;
    if (list.length < SAME_CANDIDATES) packed.set(key, [...list, { typed, at: size }]);
    return undefined;
  };
  const walk = (v: unknown, inArray: boolean): unknown => {
    if (v === null || typeof v === "string" || typeof v === "boolean") return v;
    if (typeof v === "number") return Number.isFinite(v) ? v : { [N]: String(v) };
    if (v === undefined) return inArray ? { [U]: 1 } : undefined;
    if (typeof v !== "object" || seen.has(v)) throw new TypeError("not packable");
    if (ArrayBuffer.isView(v)) {
      const kind = v.constructor.name as Kind;
      if (KINDS[kind] !== v.constructor) throw new TypeError("not packable");
      const typed = v as Typed;
      const before = earlier(typed, kind);
      if (before !== undefined) return { [T]: kind, o: before, n: typed.length };
      const at = size;
      parts.push(typed);
      size = align8(size + typed.byteLength);
      return { [T]: kind, o: at, n: typed.length };
    }
    seen.add(v);
    let out: unknown;
    if (Array.isArray(v)) out = v.map((x) => walk(x, true));
    else {
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto !== Object.prototype && proto !== null) throw new TypeError("not packable");
      const o: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const w = walk(x, false);
        if (w !== undefined) o[k] = w;
      }
      out = o;
    }
    seen.delete(v);
    return out;
  };
  let json: Uint8Array;
  try {
    json = new TextEncoder().encode(JSON.stringify(walk(value, false) ?? null));
  } catch {
    return undefined;
  }
  const start = align8(8 + json.length);
  const out = new Uint8Array(start + size);
  out.set(MAGIC);
  new DataView(out.buffer).setUint32(4, json.length, true);
  out.set(json, 8);
  let at = start;
  for (const p of parts) {
    out.set(new Uint8Array(p.buffer, p.byteOffset, p.byteLength), at);
    at += align8(p.byteLength);
  }
  return out;
}

/** Whether `a` and `b` (of one kind and length) hold the same bytes: four at a time when both are aligned so. */
function sameBytes(a: Typed, b: Typed): boolean {
  const n = a.byteLength;
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0 && n % 4 === 0) {
    const x = new Uint32Array(a.buffer, a.byteOffset, n / 4);
    const y = new Uint32Array(b.buffer, b.byteOffset, n / 4);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    return true;
  }
  const x = new Uint8Array(a.buffer, a.byteOffset, n);
  const y = new Uint8Array(b.buffer, b.byteOffset, n);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * The value packed in `bytes`, its typed arrays views of `bytes` (copies
 * when `bytes` does not start 8-byte aligned); undefined when `bytes` is
 * not a packed value or a typed array lies outside the data. Never throws.
 */
export function unpackTyped(bytes: Uint8Array): { value: unknown } | undefined {
  if (bytes.length < 8 || MAGIC.some((b, i) => bytes[i] !== b)) return undefined;
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  const start = align8(8 + length);
  if (start > bytes.length) return undefined;
  let tree: unknown;
  try {
    tree = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length)));
  } catch {
    return undefined;
  }
  const data = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const walk = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map(walk);
    const o = v as Record<string, unknown>;
    if (typeof o[T] === "string") return typedAt(data, start, o[T], o.o, o.n);
    if (typeof o[N] === "string") return Number(o[N]);
    if (o[U] === 1) return undefined;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) out[k] = walk(x);
    return out;
  };
  try {
    return { value: walk(tree) };
  } catch {
    return undefined;
  }
}

/** The typed array of `kind` at `offset` (n elements) of the data at `start`; throws when it is not there. */
function typedAt(
  data: Uint8Array,
  start: number,
  kind: string,
  offset: unknown,
  n: unknown,
): Typed {
  const View = KINDS[kind as Kind];
  if (!View || typeof offset !== "number" || typeof n !== "number") throw new RangeError(kind);
  const at = data.byteOffset + start + offset;
  const ok =
    Number.isInteger(offset) &&
    Number.isInteger(n) &&
    offset >= 0 &&
    n >= 0 &&
    at % View.BYTES_PER_ELEMENT === 0 &&
    start + offset + n * View.BYTES_PER_ELEMENT <= data.length;
  if (!ok) throw new RangeError(kind);
  return new View(data.buffer as ArrayBuffer, at, n);
}
