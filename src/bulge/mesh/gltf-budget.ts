/**
 * What a `.glb`'s accessors would cost, checked before glTF-Transform reads
 * it: an accessor without a buffer view is all zeros of its `count`, and the
 * library allocates that array whole, so a 224-byte file declaring 10⁸
 * positions cost gigabytes. Each accessor with a buffer view must fit in it
 * (the glTF specification's rule), and the accessors without one may hold
 * at most {@link GLB_ZERO_BUDGET} bytes in all.
 */

/** Bytes of zero-filled accessors (no buffer view) a file may declare in all: 64 MiB. */
export const GLB_ZERO_BUDGET = 64 * 1024 * 1024;

const COMPONENTS: Readonly<Record<string, number>> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};
const SIZES: Readonly<Record<number, number>> = {
  5120: 1,
  5121: 1,
  5122: 2,
  5123: 2,
  5125: 4,
  5126: 4,
};

interface Accessor {
  readonly bufferView?: unknown;
  readonly count?: unknown;
  readonly type?: unknown;
  readonly componentType?: unknown;
  readonly byteOffset?: unknown;
}

/** Why the `.glb` `bytes` would cost too much to read (one sentence), or undefined (the library judges the rest). */
export function glbAccessorProblem(bytes: Uint8Array): string | undefined {
  const json = glbJson(bytes);
  if (json === undefined) return undefined;
  const views = Array.isArray(json.bufferViews)
    ? (json.bufferViews as { byteLength?: unknown }[])
    : [];
  const accessors = Array.isArray(json.accessors) ? (json.accessors as Accessor[]) : [];
  let zeros = 0;
  for (const [i, a] of accessors.entries()) {
    const count = typeof a.count === "number" ? a.count : 0;
    const comps = COMPONENTS[String(a.type)] ?? 1;
    const size = SIZES[Number(a.componentType)] ?? 4;
    const need = count * comps * size;
    if (!Number.isFinite(need) || need < 0)
      return `accessor ${i} declares an impossible count (${count})`;
    if (a.bufferView === undefined) {
      zeros += need;
      if (zeros > GLB_ZERO_BUDGET)
        return `accessor ${i} declares ${count} elements with no buffer view (zeros): the file's accessors without data would take ${zeros} bytes, more than ${GLB_ZERO_BUDGET}`;
      continue;
    }
    const view = views[Number(a.bufferView)];
    const length = typeof view?.byteLength === "number" ? view.byteLength : 0;
    const offset = typeof a.byteOffset === "number" ? a.byteOffset : 0;
    if (offset + need > length)
      return `accessor ${i} declares ${count} elements (${need} bytes from byte ${offset}) that do not fit its buffer view of ${length} bytes`;
  }
  return undefined;
}

/** The JSON chunk of a GLB (magic `glTF`, version 2), parsed; undefined when it is not one (the library reports it). */
function glbJson(bytes: Uint8Array): Record<string, unknown> | undefined {
  if (bytes.length < 20) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== 0x46546c67 || view.getUint32(16, true) !== 0x4e4f534a)
    return undefined;
  const length = view.getUint32(12, true);
  if (20 + length > bytes.length) return undefined;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
    return parsed !== null && typeof parsed === "object"
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
