/**
 * Little-endian binary values of a VTK DataArray as float64, through a typed
 * array view of the bytes (one native copy) instead of a DataView call per
 * value: the binary arrays of a series are most of its read time (decision
 * 242). The values are the same as a DataView's, bit for bit; 64-bit integers
 * are read as low + high × 2³², as the DataView path reads them.
 */

type View = new (buffer: ArrayBuffer, offset: number, length: number) => ArrayLike<number>;

const VIEWS: Readonly<Record<string, readonly [size: number, view: View]>> = {
  Int8: [1, Int8Array],
  UInt8: [1, Uint8Array],
  Int16: [2, Int16Array],
  UInt16: [2, Uint16Array],
  Int32: [4, Int32Array],
  UInt32: [4, Uint32Array],
  Float32: [4, Float32Array],
  Float64: [8, Float64Array],
};

/** Whether this machine stores numbers little-endian (typed arrays use the machine's order). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * `bytes` (a whole number of `type` values) as float64, or undefined when
 * `type` has no typed view here. `owned`: nothing else holds `bytes` (they
 * were just inflated), so Float64 values are viewed in place, not copied —
 * a check's arrays then take their size once, not twice (decision 299).
 */
export function typedValues(
  bytes: Uint8Array,
  type: string,
  owned = false,
): Float64Array | undefined {
  if (!LITTLE_ENDIAN) return undefined;
  if (owned && type === "Float64" && bytes.byteOffset % 8 === 0)
    return new Float64Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length >> 3);
  const wide = type === "Int64" || type === "UInt64";
  const v = wide ? ([8, type === "Int64" ? Int32Array : Uint32Array] as const) : VIEWS[type];
  if (!v) return undefined;
  const [size, View] = v;
  // A view needs its offset aligned to the value size: copy the bytes when it is not
  // (a copy made by the Uint8Array constructor: Node's Buffer#slice would be a view).
  const aligned = bytes.byteOffset % size === 0 ? bytes : new Uint8Array(bytes);
  const count = Math.floor(aligned.length / size);
  if (!wide) {
    const out = new Float64Array(count);
    out.set(new View(aligned.buffer as ArrayBuffer, aligned.byteOffset, count));
    return out;
  }
  const low = new Uint32Array(aligned.buffer as ArrayBuffer, aligned.byteOffset, count * 2);
  const high = new View(aligned.buffer as ArrayBuffer, aligned.byteOffset, count * 2);
  const out = new Float64Array(count);
  for (let k = 0; k < count; k++) out[k] = low[2 * k]! + high[2 * k + 1]! * 2 ** 32;
  return out;
}
