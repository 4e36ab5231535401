/**
 * A small, safe face of HDF5 files (the container of NetCDF-4 Exodus II and
 * of XDMF's heavy data), over the h5wasm library (the HDF5 C library built
 * for WebAssembly, loaded on first use; it runs alike in Node and the
 * browser). The bytes are given; nothing else is read. Sizes are known
 * before any value is read, so a caller refuses a dataset over its budget
 * before it is allocated. Never throws: a file HDF5 cannot open, or a
 * failure inside the library, is an `{ error }`.
 */

/** The HDF5 signature: at byte 0 (or 512, 1024, … after a user block). */
const HDF5_SIGNATURE = new Uint8Array([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether `head` starts with the HDF5 signature. */
export function isHdf5(head: Uint8Array): boolean {
  return HDF5_SIGNATURE.every((b, i) => head[i] === b);
}

/** Numbers of a dataset, as doubles, with its shape (row-major). */
export interface Hdf5Numbers {
  readonly shape: readonly number[];
  readonly values: Float64Array;
}

/** An open HDF5 file. Paths are absolute or relative to the root (`Mesh/geometry`). */
export interface Hdf5File {
  /** "group", "dataset", or undefined when nothing is at `path`. */
  kind(path: string): "group" | "dataset" | undefined;
  /** The names inside the group at `path` ([] when it is not a group). */
  keys(path: string): string[];
  /** A dataset's shape, read without its values; undefined when not a dataset. */
  shape(path: string): readonly number[] | undefined;
  /**
   * A numeric dataset's values as doubles (64-bit integers beyond 2⁵³ lose
   * precision, as doubles do), or an error: not numeric, or more than
   * `maxValues` values (checked before reading).
   */
  numbers(path: string, maxValues: number): Hdf5Numbers | { error: string };
  /** A string or character dataset's strings (fixed-length character rows joined), or an error. */
  strings(path: string, maxValues: number): string[] | { error: string };
  /** The attribute `name` of the object at `path` (a number, string or array), or undefined. */
  attribute(path: string, name: string): unknown;
  /** Frees the file (its copy in the library's memory). */
  close(): void;
}

type H5 = typeof import("h5wasm");
let loading: Promise<{ h5: H5; fs: NonNullable<H5["FS"]> } | { error: string }> | undefined;
let serial = 0;

/** Loads h5wasm once. */
function library(): Promise<{ h5: H5; fs: NonNullable<H5["FS"]> } | { error: string }> {
  loading ??= (async () => {
    try {
      // The bundled CLI (bin/deforma.cjs) leaves h5wasm out of its bundle and hands in an
      // importer, since code compiled by `vm.Script` has no dynamic import of its own.
      const hook = (globalThis as { [k: symbol]: ((s: string) => Promise<unknown>) | undefined })[
        Symbol.for("deforma.import")
      ];
      const h5 = hook ? ((await hook("h5wasm")) as H5) : await import("h5wasm");
      const module = await h5.ready;
      // HDF5's errors become exceptions with their stack as the message, never printed to stderr.
      (
        module as unknown as { activate_throwing_error_handler?: () => void }
      ).activate_throwing_error_handler?.();
      const fs = (module as unknown as { FS: NonNullable<H5["FS"]> }).FS ?? h5.FS;
      if (!fs) return { error: "the HDF5 library has no file system" };
      return { h5, fs };
    } catch (e) {
      return { error: `the HDF5 library could not be loaded (${String(e)})` };
    }
  })();
  return loading;
}

/** Opens the HDF5 file whose bytes are `bytes`; `{ error }` when HDF5 cannot open it. */
export async function openHdf5(bytes: Uint8Array): Promise<Hdf5File | { error: string }> {
  const lib = await library();
  if ("error" in lib) return lib;
  const { h5, fs } = lib;
  const path = `/deforma-${++serial}.h5`;
  try {
    fs.writeFile(path, bytes);
    const file = new h5.File(path, "r");
    return wrap(h5, file, () => {
      try {
        file.close();
      } catch {
        // already closed or broken: nothing more to free than the copy
      }
      try {
        fs.unlink(path);
      } catch {
        // gone already
      }
    });
  } catch (e) {
    try {
      fs.unlink(path);
    } catch {
      // never written
    }
    return { error: `HDF5 cannot open the file (${errorText(e)})` };
  }
}

/** The innermost cause of an HDF5 error stack ("bad byte number in an address"), else its first line. */
function errorText(e: unknown): string {
  const s = e instanceof Error ? e.message : String(e);
  const causes = [...s.matchAll(/#\d+: .*? in [\w.]+\(\): (.*)/g)].map((m) => m[1]!.trim());
  return (causes.at(-1) ?? s.split("\n")[0]!).slice(0, 200);
}

type H5File = InstanceType<H5["File"]>;
type Entity = ReturnType<H5File["get"]>;

function wrap(h5: H5, file: H5File, close: () => void): Hdf5File {
  const get = (path: string): Entity | undefined => {
    try {
      return file.get(path) ?? undefined;
    } catch {
      return undefined;
    }
  };
  const dataset = (path: string) => {
    const e = get(path);
    return e instanceof h5.Dataset ? e : undefined;
  };
  const count = (shape: readonly number[]) => shape.reduce((n, k) => n * k, 1);
  return {
    kind(path) {
      const e = get(path);
      return e instanceof h5.Group ? "group" : e instanceof h5.Dataset ? "dataset" : undefined;
    },
    keys(path) {
      const e = get(path);
      try {
        return e instanceof h5.Group ? e.keys() : [];
      } catch {
        return [];
      }
    },
    shape(path) {
      try {
        return dataset(path)?.shape ?? undefined;
      } catch {
        return undefined;
      }
    },
    numbers(path, maxValues) {
      const d = dataset(path);
      if (!d) return { error: `no dataset '${path}'` };
      try {
        const shape = d.shape ?? [];
        const n = count(shape);
        if (n > maxValues)
          return { error: `dataset '${path}' has ${n} values (at most ${maxValues})` };
        const v = d.value;
        if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
          // Doubles as they are; other numbers converted without a call per value where they can be.
          const values =
            v instanceof Float64Array
              ? v
              : v instanceof BigInt64Array || v instanceof BigUint64Array
                ? fromInt64(v)
                : new Float64Array(v as ArrayLike<number>);
          return { shape, values };
        }
        if (typeof v === "number" || typeof v === "bigint")
          return { shape, values: Float64Array.of(Number(v)) };
        return { error: `dataset '${path}' is not numeric` };
      } catch (e) {
        return { error: `dataset '${path}' cannot be read (${errorText(e)})` };
      }
    },
    strings(path, maxValues) {
      const d = dataset(path);
      if (!d) return { error: `no dataset '${path}'` };
      try {
        const shape = d.shape ?? [];
        if (count(shape) > maxValues) return { error: `dataset '${path}' is too large` };
        return asStrings(d.value, shape);
      } catch (e) {
        return { error: `dataset '${path}' cannot be read (${errorText(e)})` };
      }
    },
    attribute(path, name) {
      try {
        const e = get(path);
        if (!(e instanceof h5.Group || e instanceof h5.Dataset)) return undefined;
        return e.attrs[name]?.value ?? undefined;
      } catch {
        return undefined;
      }
    },
    close,
  };
}

/** 64-bit integers as doubles, from their 32-bit halves (little-endian, as WebAssembly's memory is): no BigInt per value. */
function fromInt64(v: BigInt64Array | BigUint64Array): Float64Array {
  const out = new Float64Array(v.length);
  const lo = new Uint32Array(v.buffer, v.byteOffset, 2 * v.length);
  const hi = v instanceof BigInt64Array ? new Int32Array(v.buffer, v.byteOffset, 2 * v.length) : lo;
  for (let k = 0; k < v.length; k++) out[k] = hi[2 * k + 1]! * 4294967296 + lo[2 * k]!;
  return out;
}

/** Strings from a dataset's value: an array of strings, or rows of single characters or bytes. */
function asStrings(v: unknown, shape: readonly number[]): string[] | { error: string } {
  if (typeof v === "string") return [v];
  const width = shape.length === 2 ? shape[1]! : 0;
  if (v instanceof Uint8Array || v instanceof Int8Array) {
    // Character rows as bytes (NetCDF's `char`), each row ended by its first NUL.
    const rows: string[] = [];
    const dec = new TextDecoder("utf-8", { fatal: false });
    const w = width || v.length;
    for (let at = 0; at < v.length; at += w) {
      const row = new Uint8Array(v.buffer, v.byteOffset + at, Math.min(w, v.length - at));
      const end = row.indexOf(0);
      rows.push(dec.decode(end < 0 ? row : row.subarray(0, end)));
    }
    return rows;
  }
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) {
    const chars = v as string[];
    if (width > 0 && chars.every((c) => c.length <= 1)) {
      const rows: string[] = [];
      for (let at = 0; at < chars.length; at += width)
        rows.push(
          chars
            .slice(at, at + width)
            .join("")
            .replace(/\0.*$/s, ""),
        );
      return rows;
    }
    return chars.map((s) => s.replace(/\0.*$/s, ""));
  }
  return { error: "not a string dataset" };
}
