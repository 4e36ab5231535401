/**
 * The shared page's size rows (issue 21): `share-mixed-demo-size`, the demo's
 * mixed model as one page against 3 MB, and `share-series-size`, a
 * generated 10⁵-node, 100-frame series against 25 MB, its positions and
 * colours checked within 1e-3 of the model size and range after decoding.
 * Sizes, not times: one round each; ratio = bytes ÷ budget.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { writeAgrBinary } from "../src/mixed/agr/index.js";
import type { MeshAnimation } from "../src/mixed/agr/model.js";
import { modelSize, unpackMesh } from "../src/mixed/share/index.js";
import { companionReader } from "../src/node/files.js";
import { playerBundlePath, readPlayerBundle, shareFile } from "../src/node/share/index.js";
import type { BenchRow } from "./harness.js";
import { plateSeries } from "./plate.js";

const DEMO = fileURLToPath(new URL("../demo/", import.meta.url));
const MB = 1_000_000;

/** The largest error of `b` against `a`: positions (xyz distance) over the model size, scalars over their range. */
function errors(a: MeshAnimation, b: MeshAnimation): { position: number; colour: number } {
  const size = modelSize(a.positions);
  let position = 0;
  const [u, v] = [a.vectorValues[0]!, b.vectorValues[0]!];
  for (let i = 0; i < u.length; i += 3)
    position = Math.max(
      position,
      Math.hypot(u[i]! - v[i]!, u[i + 1]! - v[i + 1]!, u[i + 2]! - v[i + 2]!),
    );
  const [s, t] = [a.scalarValues[0]!, b.scalarValues[0]!];
  let [colour, lo, hi] = [0, Infinity, -Infinity];
  for (let i = 0; i < s.length; i++) {
    colour = Math.max(colour, Math.abs(s[i]! - t[i]!));
    lo = Math.min(lo, s[i]!);
    hi = Math.max(hi, s[i]!);
  }
  return { position: position / size, colour: colour / (hi - lo) };
}

/** The data block of a page (base64), decoded. */
function payload(html: string): Uint8Array {
  const m = /<script type="application\/octet-stream" id="[^"]+">([^<]*)</.exec(html)!;
  return new Uint8Array(Buffer.from(m[1]!, "base64"));
}

const row = (name: string, peer: string, ratio: number, note: string): BenchRow => ({
  name,
  peer,
  ratio,
  min: ratio,
  max: ratio,
  goal: 1,
  note,
});

/** The two rows; `quick` shares a 10⁴-node, 10-frame stand-in for the series. */
export async function shareSizeBench(quick: boolean): Promise<BenchRow[]> {
  const player = (await readPlayerBundle(playerBundlePath())) ?? "";
  const bundle = player
    ? `the player bundle ${(player.length / MB).toFixed(2)} MB included`
    : "no player bundle built (npm run build): data only";
  const options = { read: companionReader(DEMO), player, version: "0.0.0", lang: "en" as const };
  const amx = "slider-crank.amx";
  const mixed = await shareFile(amx, readFileSync(`${DEMO}${amx}`), options);
  if (!mixed.html) throw new Error(`share-mixed-demo-size: ${JSON.stringify(mixed.report)}`);
  const [nx, ny, frames] = quick ? [100, 100, 10] : [317, 316, 100];
  const series = plateSeries(nx, ny, frames);
  const dir = fileURLToPath(new URL("../.out/bench/", import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}plate.agr`, writeAgrBinary(series));
  const page = await shareFile("plate.agr", readFileSync(`${dir}plate.agr`), {
    ...options,
    read: companionReader(dir),
  });
  if (!page.html) throw new Error(`share-series-size: ${JSON.stringify(page.report)}`);
  const back = (await unpackMesh(payload(page.html))).model!;
  const e = errors(series, back);
  if (e.position > 1e-3 || e.colour > 1e-3)
    throw new Error(`share-series-size: errors ${JSON.stringify(e)} over 1e-3`);
  const size = (n: number) => `${(n / MB).toFixed(2)} MB`;
  return [
    row(
      "share-mixed-demo-size",
      "the issue's budget: 3 MB",
      mixed.html.length / (3 * MB),
      `the demo's slider-crank (.amx, CAD, .amb, two .agr: 2.49 MB) as one page: ${size(mixed.html.length)}, ${bundle}`,
    ),
    row(
      "share-series-size",
      "the issue's budget: 25 MB",
      page.html.length / (25 * MB),
      `${quick ? "quick: a small stand-in for " : ""}a ${series.nodeCount}-node, ${frames}-frame plate (coordinates and temperature, bench/plate.ts) as one page: ${size(page.html.length)}, ${bundle}; max error after decoding: positions ${e.position.toExponential(2)} of the model size, colours ${e.colour.toExponential(2)} of the range`,
    ),
  ];
}
