/**
 * The container behind an Exodus II file, as the layout code sees it:
 * NetCDF dimensions, variables of a shape, their values and attributes.
 * Two encodings implement it: NetCDF-3 (classic and 64-bit offset, here,
 * over netcdfjs's header parser) and NetCDF-4/HDF5 (`container-hdf5.ts`).
 * Sizes are known before values are read, so a reader refuses what does not
 * fit before it is allocated. Never throws.
 */

/** One Exodus II file's container. */
export interface ExodusContainer {
  /** The encoding, shown as the format's variant. */
  readonly encoding: string;
  /**
   * Whether values are stored uncompressed in the file (NetCDF-3): then a
   * dimension of more values than the file's bytes is a broken file.
   */
  readonly uncompressed: boolean;
  /** A dimension's size (the record dimension: its number of records), undefined when absent. */
  dimension(name: string): number | undefined;
  /** Byte offset of where a dimension or variable is declared (0 when unknown). */
  at(name: string): number;
  /** A variable's shape, undefined when absent. */
  shape(name: string): readonly number[] | undefined;
  /** A numeric variable's values as doubles (row-major), or why not (checked before reading). */
  numbers(name: string, maxValues: number): Float64Array | { error: string };
  /** The rows of a character variable (name tables), trailing NULs and blanks cut. */
  strings(name: string, maxValues: number): string[] | { error: string };
  /** A variable's text attribute (`elem_type`), undefined when absent. */
  text(name: string, attribute: string): string | undefined;
  close(): void;
}

/** Byte size of each NetCDF-3 type, by netcdfjs's type name. */
const SIZES: Readonly<Record<string, number>> = {
  byte: 1,
  char: 1,
  short: 2,
  int: 4,
  float: 4,
  double: 8,
};

interface Nc3Variable {
  readonly name: string;
  readonly dimensions: readonly number[];
  readonly attributes: readonly { name: string; value: unknown }[];
  readonly type: string;
  readonly offset: number;
  readonly record: boolean;
}

interface Nc3Header {
  readonly dimensions: readonly { name: string; size: number }[];
  readonly variables: readonly Nc3Variable[];
  readonly recordDimension: { length: number; id?: number; recordStep?: number };
}

/** One value of `type` at byte `o` (big-endian). */
function getter(view: DataView, type: string): (o: number) => number {
  switch (type) {
    case "byte":
      return (o) => view.getInt8(o);
    case "short":
      return (o) => view.getInt16(o);
    case "int":
      return (o) => view.getInt32(o);
    case "float":
      return (o) => view.getFloat32(o);
    default:
      return (o) => view.getFloat64(o);
  }
}

/** Cut a fixed-length character row at its first NUL, without trailing blanks. */
export function cutName(row: string): string {
  const nul = row.indexOf("\0");
  return (nul >= 0 ? row.slice(0, nul) : row).trimEnd();
}

/** Where `name` is declared in the header: the byte after its padded name (the dimension's size). */
function declaredAt(bytes: Uint8Array, name: string, limit: number): number {
  const key = new TextEncoder().encode(name);
  const end = Math.min(bytes.length, limit) - key.length;
  for (let i = 8; i <= end; i++) {
    let same = true;
    for (let k = 0; k < key.length && same; k++) same = bytes[i + k] === key[k];
    const len =
      same && i >= 4 ? new DataView(bytes.buffer, bytes.byteOffset + i - 4, 4).getUint32(0) : -1;
    if (same && len === key.length) return i + Math.ceil(key.length / 4) * 4;
  }
  return 0;
}

/**
 * Opens NetCDF-3 `bytes` (version 1 or 2: checked by the caller) through
 * netcdfjs's header parser; `{ error }` when its header is broken.
 */
export async function openNetcdf3(bytes: Uint8Array): Promise<ExodusContainer | { error: string }> {
  let header: Nc3Header;
  try {
    const { NetCDFReader } = await import("netcdfjs");
    header = new NetCDFReader(bytes).header as unknown as Nc3Header;
  } catch (e) {
    return {
      error: `the NetCDF header cannot be read (${e instanceof Error ? e.message : String(e)})`,
    };
  }
  const dims = header.dimensions ?? [];
  const variables = new Map((header.variables ?? []).map((v) => [v.name, v]));
  const records = header.recordDimension;
  const headerEnd = Math.min(
    bytes.length,
    ...[...variables.values()].map((v) => v.offset).filter((o) => o > 0),
  );
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dimSize = (id: number) => (id === records.id ? records.length : (dims[id]?.size ?? 0));
  const shape = (v: Nc3Variable) => v.dimensions.map(dimSize);
  return {
    encoding: bytes[3] === 2 ? "NetCDF-3 64-bit offset" : "NetCDF-3 classic",
    uncompressed: true,
    dimension(name) {
      const id = dims.findIndex((d) => d.name === name);
      return id < 0 ? undefined : dimSize(id);
    },
    at(name) {
      const v = variables.get(name);
      // The record dimension's length is the header's record count, at byte 4.
      if (!v && records.id !== undefined && dims[records.id]?.name === name) return 4;
      return v ? v.offset : declaredAt(bytes, name, headerEnd);
    },
    shape(name) {
      const v = variables.get(name);
      return v ? shape(v) : undefined;
    },
    numbers(name, maxValues) {
      const v = variables.get(name);
      if (!v) return { error: `no variable '${name}'` };
      const size = SIZES[v.type];
      if (size === undefined || v.type === "char") return { error: `'${name}' is not numeric` };
      return readValues(v, shape(v), size, maxValues, { bytes, view, records });
    },
    strings(name, maxValues) {
      const v = variables.get(name);
      if (v?.type !== "char") return { error: `'${name}' is not a character variable` };
      const s = shape(v);
      const width = s.at(-1) ?? 0;
      const n = s.reduce((a, k) => a * k, 1);
      if (v.record || n > maxValues || v.offset + n > bytes.length)
        return { error: `'${name}' (${n} characters) lies past the end of the file` };
      const text = new TextDecoder("latin1").decode(bytes.subarray(v.offset, v.offset + n));
      const rows: string[] = [];
      for (let i = 0; width > 0 && i < n; i += width) rows.push(cutName(text.slice(i, i + width)));
      return rows;
    },
    text(name, attribute) {
      const a = variables.get(name)?.attributes.find((x) => x.name === attribute);
      return typeof a?.value === "string" ? cutName(a.value) : undefined;
    },
    close() {},
  };
}

/** Reads a numeric variable's values, checking first that they lie inside the file. */
function readValues(
  v: Nc3Variable,
  shape: readonly number[],
  size: number,
  maxValues: number,
  file: { bytes: Uint8Array; view: DataView; records: Nc3Header["recordDimension"] },
): Float64Array | { error: string } {
  const count = shape.reduce((a, k) => a * k, 1);
  if (count > maxValues) return { error: `'${v.name}' has ${count} values (at most ${maxValues})` };
  const perRecord = v.record ? shape.slice(1).reduce((a, k) => a * k, 1) : count;
  const nrec = v.record ? (shape[0] ?? 0) : 1;
  const step = v.record ? (file.records.recordStep ?? 0) : 0;
  const last = v.offset + (nrec - 1) * step + perRecord * size;
  if (nrec > 0 && (v.offset < 0 || last > file.bytes.length))
    return { error: `'${v.name}' (${count} values) lies past the end of the file` };
  const get = getter(file.view, v.type);
  const out = new Float64Array(count);
  for (let r = 0; r < nrec; r++) {
    const base = v.offset + r * step;
    for (let i = 0; i < perRecord; i++) out[r * perRecord + i] = get(base + i * size);
  }
  return out;
}
