/** Helpers of the XDMF tests: reading a text or a fixture with its HDF5 files. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FileReader } from "../../../src/core/file-source.js";
import { readXdmf } from "../../../src/mixed/xdmf/index.js";

/** The fixtures folder (test/fixtures/xdmf). */
export const FIXTURES = fileURLToPath(new URL("../../fixtures/xdmf/", import.meta.url));

/** A reader over `files` (name → bytes or text); a name not there is missing. */
export function reader(files: Record<string, Uint8Array | string>): FileReader {
  return async (path) => {
    const f = files[path];
    if (f === undefined) return { status: "missing" };
    return { status: "ok", bytes: typeof f === "string" ? new TextEncoder().encode(f) : f };
  };
}

/** Reads `text` as `x.xdmf`, its companions from `files`. */
export function readText(text: string, files: Record<string, Uint8Array | string> = {}) {
  return readXdmf(new TextEncoder().encode(text), "x.xdmf", reader(files));
}

/** Reads fixture `name` with the fixture files beside it. */
export function readFixture(name: string) {
  const path = join(FIXTURES, name);
  const read: FileReader = async (p) => {
    try {
      return { status: "ok", bytes: new Uint8Array(readFileSync(p)) };
    } catch {
      return { status: "missing" };
    }
  };
  return readXdmf(new Uint8Array(readFileSync(path)), path, read);
}

/** [min, max] of `v`. */
export function range(v: Float64Array): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const x of v) {
    lo = Math.min(lo, x);
    hi = Math.max(hi, x);
  }
  return [lo, hi];
}

/** A one-grid XDMF 3 file of one triangle and one quad (inline data), with `extra` inside the grid. */
export function inline(extra = "", topology = "", geometry = ""): string {
  return `<?xml version="1.0"?>
<Xdmf Version="3.0">
<Domain>
<Grid Name="g" GridType="Uniform">
${
  topology ||
  `<Topology TopologyType="Mixed" NumberOfElements="2">
<DataItem Dimensions="9" NumberType="Int" Format="XML">4 0 1 2 5 1 3 4 2</DataItem>
</Topology>`
}
${
  geometry ||
  `<Geometry GeometryType="XY">
<DataItem Dimensions="5 2" Format="XML">0 0 1 0 0 1 2 0 2 1</DataItem>
</Geometry>`
}
${extra}
</Grid>
</Domain>
</Xdmf>
`;
}
