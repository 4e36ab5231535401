/**
 * Bench rows `mesh-open-series` and `mesh-open-large`: the studio's Mesh
 * workspace (`#/mesh?file=…`) in headless Chromium (Debian's, software
 * WebGL, as the browser tests run it) over a studio server on generated
 * files, from navigation to the first frame drawn — the `deforma:ready`
 * performance mark the workspace sets once the first frame is on the canvas
 * (its time since the page's navigation started). The peer is the issue's
 * budget (2 s for a 300-file series of 2,000 nodes, 5 s for a 10⁶-node
 * `.vtu`): the ratio is the time over the budget, goal ≤ 1. Each round opens
 * a fresh page; the answer is checked (the workspace is ready, not in error,
 * with the series' frame count on its timeline). `BENCH_WEB_ROOT` measures
 * another build of the page (e.g. the one before a change).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writePvd, writeVtu } from "../src/mixed/vtk/write-xml.js";
// The browser tests' Chromium and flags: a closed network, software WebGL.
import { CHROMIUM, FLAGS } from "../test/studio/chromium.js";
import { OUT } from "./fixtures.js";
import { type BenchRow, median, progress } from "./harness.js";

const WEB = process.env.BENCH_WEB_ROOT ?? fileURLToPath(new URL("../dist/web/", import.meta.url));

/** A hexahedral block of nx × ny × nz nodes (1 mm spacing): points, cells, and its nodes' heights. */
function block(nx: number, ny: number, nz: number) {
  const n = nx * ny * nz;
  const points = new Float32Array(n * 3);
  const at = (i: number, j: number, k: number) => (k * ny + j) * nx + i;
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) points.set([i * 1e-3, j * 1e-3, k * 1e-3], at(i, j, k) * 3);
  const cells = (nx - 1) * (ny - 1) * (nz - 1);
  const connectivity = new Int32Array(cells * 8);
  let c = 0;
  for (let k = 0; k + 1 < nz; k++)
    for (let j = 0; j + 1 < ny; j++)
      for (let i = 0; i + 1 < nx; i++) {
        const base = [at(i, j, k), at(i + 1, j, k), at(i + 1, j + 1, k), at(i, j + 1, k)];
        connectivity.set([...base, ...base.map((b) => b + nx * ny)], c++ * 8);
      }
  const offsets = Int32Array.from({ length: cells }, (_, q) => (q + 1) * 8);
  const types = new Uint8Array(cells).fill(12);
  return { n, points, connectivity, offsets, types };
}

/** One `.vtu` of `b` bent by `amount` (displacement and its magnitude), at `time`. */
function bent(b: ReturnType<typeof block>, amount: number, time: number): string {
  const displacement = new Float32Array(b.n * 3);
  const magnitude = new Float32Array(b.n);
  for (let p = 0; p < b.n; p++) {
    const z = b.points[p * 3 + 2]!;
    displacement[p * 3] = amount * z * z;
    magnitude[p] = Math.abs(amount * z * z);
  }
  return writeVtu({
    ...b,
    pointData: [
      { name: "displacement", components: 3, values: displacement },
      { name: "magnitude", components: 1, values: magnitude },
    ],
    activeScalars: "magnitude",
    time,
  });
}

/** The generated project (cached under .out/bench/): `series/beam.pvd` and `large/block.vtu`. */
export function project(quick: boolean): {
  root: string;
  series: string;
  large: string;
  frames: number;
} {
  const root = join(OUT, quick ? "mesh-open-quick" : "mesh-open");
  const frames = quick ? 10 : 300;
  const done = join(root, "done-v1");
  if (!existsSync(done)) {
    mkdirSync(join(root, "series"), { recursive: true });
    mkdirSync(join(root, "large"), { recursive: true });
    // 2,000 nodes: 10 × 10 × 20; 10⁶ nodes: 50 × 50 × 400.
    const small = quick ? block(5, 5, 8) : block(10, 10, 20);
    const entries = Array.from({ length: frames }, (_, f) => ({
      time: f * 0.01,
      file: `beam_${String(f).padStart(4, "0")}.vtu`,
    }));
    for (const [f, e] of entries.entries())
      writeFileSync(join(root, "series", e.file), bent(small, f * 0.5, e.time));
    writeFileSync(join(root, "series", "beam.pvd"), writePvd(entries));
    const big = quick ? block(20, 20, 25) : block(50, 50, 400);
    writeFileSync(join(root, "large", "block.vtu"), bent(big, 1, 0));
    writeFileSync(done, "");
  }
  return { root, series: "series/beam.pvd", large: "large/block.vtu", frames };
}

/** A row that could not run, saying why. */
const skipped = (name: string, peer: string, why: string): BenchRow => ({
  name,
  peer,
  ratio: null,
  min: null,
  max: null,
  goal: 1,
  note: `not measured: ${why}`,
});

const ROWS = [
  { name: "mesh-open-series", budget: 2000, what: "a .pvd of 300 .vtu files of 2,000 nodes" },
  { name: "mesh-open-large", budget: 5000, what: "one .vtu of 10⁶ nodes" },
] as const;

/** The two rows; `rounds` opens of each file (interleaved), after one warm-up open of each. */
export async function meshOpenBench(quick: boolean, rounds: number): Promise<BenchRow[]> {
  const peers = ROWS.map(
    (r) => `the issue's budget: ${r.budget / 1000} s from navigation to the first frame`,
  );
  if (!existsSync(CHROMIUM))
    return ROWS.map((r, i) => skipped(r.name, peers[i]!, `${CHROMIUM} is not installed`));
  if (!existsSync(join(WEB, "index.html")))
    return ROWS.map((r, i) => skipped(r.name, peers[i]!, `${WEB} is missing: npm run build`));
  progress("mesh-open: generating the series and the large .vtu (once)");
  const p = project(quick);
  const { openTimes } = await import("./mesh-open-page.js");
  const times = await openTimes(p.root, WEB, [p.series, p.large], [p.frames, 1], rounds, {
    executablePath: CHROMIUM,
    args: FLAGS,
  });
  return ROWS.map((r, i) => {
    const ms = times[i]!;
    const ratios = ms.map((t) => t / r.budget);
    return {
      name: r.name,
      peer: peers[i]!,
      ratio: median(ratios),
      min: Math.min(...ratios),
      max: Math.max(...ratios),
      goal: 1,
      note: `${quick ? "quick: a small stand-in for " : ""}${r.what}, headless Chromium (software WebGL), a fresh page per open; ${median(ms).toFixed(0)} ms (median of ${ms.length})`,
      ours: median(ms),
    };
  });
}
