/**
 * The NetCDF-4 encoding of Exodus II: an HDF5 file (through the project's
 * HDF5 face) whose variables are datasets of the same names at the root and
 * whose dimensions are dimension scales (datasets named like the dimension,
 * of that length). The unlimited `time_step` scale is empty in the file; its
 * length is that of `time_whole`. Byte offsets are unknown: findings are at
 * byte 0. Never throws.
 */
import { openHdf5 } from "../hdf5/index.js";
import type { ExodusContainer } from "./container.js";
import { cutName } from "./container.js";

/** Opens HDF5 `bytes` as an Exodus container; `{ error }` when HDF5 cannot open it. */
export async function openNetcdf4(bytes: Uint8Array): Promise<ExodusContainer | { error: string }> {
  const file = await openHdf5(bytes);
  if ("error" in file) return file;
  const shape = (name: string) =>
    name.includes("/") || file.kind(name) !== "dataset" ? undefined : file.shape(name);
  return {
    encoding: "NetCDF-4",
    uncompressed: false,
    dimension(name) {
      const scale = shape(name);
      if (scale === undefined) return undefined;
      if (name === "time_step") return shape("time_whole")?.[0] ?? scale[0] ?? 0;
      return scale[0] ?? 0;
    },
    at: () => 0,
    shape,
    numbers(name, maxValues) {
      if (shape(name) === undefined) return { error: `no variable '${name}'` };
      const r = file.numbers(name, maxValues);
      return "error" in r ? r : r.values;
    },
    strings(name, maxValues) {
      if (shape(name) === undefined) return { error: `no variable '${name}'` };
      const r = file.strings(name, maxValues);
      return Array.isArray(r) ? r.map(cutName) : r;
    },
    text(name, attribute) {
      const v = shape(name) === undefined ? undefined : file.attribute(name, attribute);
      if (typeof v === "string") return cutName(v);
      if (v instanceof Uint8Array) return cutName(new TextDecoder("latin1").decode(v));
      return undefined;
    },
    close: () => file.close(),
  };
}
