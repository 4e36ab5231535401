/** Shared pieces of the Exodus II tests: the fixtures, the Python references, a NetCDF-3 header builder. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Absolute path of a file under test/fixtures/exodus. */
export const exodusFixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/exodus/${name}`, import.meta.url));

/** A fixture's bytes. */
export const fixtureBytes = (name: string) => new Uint8Array(readFileSync(exodusFixture(name)));

/** Whether `/usr/bin/python3` can import netCDF4 (the values' reference). */
export const HAS_NETCDF4 =
  spawnSync("/usr/bin/python3", ["-c", "import netCDF4"], { stdio: "ignore" }).status === 0;

/** In CI the references are required: a missing library fails instead of skipping. */
export const REFERENCES_REQUIRED = process.env.CI === "true";

/** Runs a reference script of test/fixtures/exodus on `file` and parses its JSON. */
export function reference(script: string, file: string): unknown {
  const r = spawnSync("/usr/bin/python3", [exodusFixture(script), file], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`${script} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** A NetCDF-3 classic header of dimensions only (no attributes, no variables), big-endian as the format is. */
export function netcdf3Header(dimensions: readonly [string, number][], version = 1): Uint8Array {
  const bytes: number[] = [0x43, 0x44, 0x46, version];
  const u32 = (v: number) =>
    bytes.push((v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255);
  u32(0);
  u32(10);
  u32(dimensions.length);
  for (const [name, size] of dimensions) {
    u32(name.length);
    for (const ch of name) bytes.push(ch.charCodeAt(0));
    while (bytes.length % 4 !== 0) bytes.push(0);
    u32(size);
  }
  for (let k = 0; k < 4; k++) u32(0); // no attributes, no variables
  return Uint8Array.from(bytes);
}
