/**
 * `npm run bench`: this project and the tools a user would otherwise pick,
 * side by side in one run, reported as ratios (ours ÷ peer) against the goals
 * in bench/README.md (docs/design.md, "Fast, measured fairly"). Every row interleaves its two sides round
 * by round after a warm-up, on identical input and work, checks both answers,
 * and reports the median of the per-round ratios with min and max.
 *
 *   --json    stdout holds only a JSON array of {name, peer, ratio, min, max, goal, note}
 *   --quick   tiny sizes and few rounds (CI's smoke test of the harness)
 *   --scale   also runs the size-dependent rows (.agr, mixed frame) at ¼ of the size and
 *             notes each side's factor time(1×) ÷ time(¼×) (≈ 4 when time is linear)
 *   --only=A,B  only the row families with a row whose name contains A or B (while iterating;
 *             the JSON then holds only those rows)
 *
 * Every row records the 1-minute load average at its time and, where its
 * rounds measured them, the median CPU ms per call of each side (`load`,
 * `cpuOurs`, `cpuTheirs`; null where not measured).
 *
 * On Linux the bench runs in a process started with glibc's huge-page
 * tunable, as `deforma` runs a command on large files (bench/huge-pages.ts,
 * decision 354; DEFORMA_HUGE_PAGES=0: without).
 *
 * Progress goes to stderr. A peer that is not installed gives `ratio: null`
 * and says why in `note`.
 */
import { type BenchRow, loadNow, median, PYTHON, progress } from "./harness.js";
import { relaunchedWithHugePages } from "./huge-pages.js";
import type { LiveRow } from "./live-improved.js";
import type { ShareOpenResult } from "./share-open.js";

// A row family's modules are loaded when it runs (decision 365): a row that
// allocates fresh memory pays V8's collections of the whole heap, so the
// .agr rows do not measure the code of every other row.
const agrBench = async (...a: Parameters<typeof import("./agr.js").agrBench>) =>
  (await import("./agr.js")).agrBench(...a);
const mixedBench = async (...a: Parameters<typeof import("./mixed.js").mixedBench>) =>
  (await import("./mixed.js")).mixedBench(...a);

// As deforma runs a command on large files: in a process with glibc's huge-page tunable.
const relaunched = relaunchedWithHugePages();
if (relaunched) process.exit(await relaunched);

const args = process.argv.slice(2);
const json = args.includes("--json");
const quick = args.includes("--quick");
const scale = args.includes("--scale");
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",")
  .filter(Boolean);

/** Whether a row family runs: always, unless `--only` names none of its rows. */
function want(...names: string[]): boolean {
  return !only || names.some((n) => only.some((o) => n.includes(o)));
}

/** Rows in the order of bench/README.md's table. */
async function rows(): Promise<BenchRow[]> {
  const out: BenchRow[] = [];
  // A row that measured no load or CPU of its own gets the load now and null CPU.
  const push = (...rows: BenchRow[]) =>
    out.push(...rows.map((r) => ({ load: loadNow(), cpuOurs: null, cpuTheirs: null, ...r })));
  if (
    want(
      "agr-text-parse",
      "agr-text-parse-1thread",
      "agr-text-parse-vs-from-chars",
      "agr-binary-load",
      "agr-text-peak-memory",
    )
  )
    push(
      ...(await agrBench(
        quick
          ? { nodes: 10_000, frames: 4, rounds: 5 }
          : { nodes: 250_000, frames: 10, rounds: 11 },
        quick ? 20 : 1000,
      )),
    );
  const nodes = quick ? 50_000 : 1_000_000;
  if (want("mixed-frame", "mixed-frame-vs-loop")) {
    progress("mixed-frame, mixed-frame-vs-loop");
    push(...(await mixedBench(nodes, quick ? 5 : 21)));
  }
  if (scale && !only) {
    // The size-dependent rows again at a quarter of the size: factor = time(1×) ÷ time(¼×).
    progress("scaling: the .agr rows and mixed-frame at ¼ size");
    const small = [
      ...(await agrBench(
        quick ? { nodes: 2_500, frames: 4, rounds: 5 } : { nodes: 62_500, frames: 10, rounds: 11 },
      )),
      ...(await mixedBench(nodes / 4, quick ? 5 : 21)),
    ];
    for (const s of small) {
      const i = out.findIndex((r) => r.name === s.name);
      const r = out[i]!;
      const factor = (a?: number, b?: number) => (a && b ? `×${(a / b).toFixed(2)}` : "—");
      out[i] = {
        ...r,
        note: `${r.note}; 4× the size (from ¼): ours ${factor(r.ours, s.ours)}, peer ${factor(r.theirs, s.theirs)}`,
      };
    }
  }
  if (want("warp-improved-vs-remap", "morph-improved-vs-skimage", "morph-improved-vs-opencv")) {
    progress("warp-improved-vs-remap, morph-improved-vs-skimage, morph-improved-vs-opencv");
    push(...(await liveRows()));
  }
  if (want("quality-photo-")) {
    progress("quality-photo-smooth, -local, -slit, -shear");
    const { qualityBench } = await import("./live-quality.js");
    push(...qualityBench(quick));
  }
  if (want("classic-inbetween-vs-tick")) {
    progress("classic-inbetween-vs-tick");
    const { classicBench } = await import("./live-classic.js");
    const c = classicBench(quick ? 3 : 20);
    push({
      name: "classic-inbetween-vs-tick",
      peer: "the player's 50 ms tick",
      ratio: c.ratio,
      min: c.min,
      max: c.max,
      goal: 0.5,
      note: `320×240 demo face, neutral → smile; per-round (in-between ms ÷ 50 ms) over whole transitions; discs up to ${c.maxRadius.toFixed(1)} px; ${c.ms.toFixed(2)} ms`,
    });
  }
  if (want("bulge-deform-vs-skinning", "bulge-skin-vs-loop", "bulge-deform-vs-loop")) {
    progress("bulge-deform-vs-skinning, bulge-skin-vs-loop, bulge-deform-vs-loop");
    const { bulgeRows } = await import("./bulge.js");
    push(...(await bulgeRows(quick, scale)));
  }
  if (want("bulge-bake")) {
    progress("bulge-bake");
    const { bakeBench } = await import("./bulge-bake.js");
    const k = quick ? await bakeBench(2, 8, 4, 30) : await bakeBench(2);
    push({
      name: "bulge-bake",
      peer: "three.js playing the baked clip: skinned + morphed positions per frame on the CPU",
      ratio: k.ratio,
      min: k.min,
      max: k.max,
      goal: 1.0,
      note: `${k.vertices} vertices, ${k.joints} joints, ${k.frames}-frame clip; ours bakes the targets and the clip's weights once, the peer evaluates every frame; answers agree within ${k.agree.toExponential(1)} m; ${k.ours.toFixed(0)} vs ${k.theirs.toFixed(0)} ms`,
    });
  }
  if (want("cli-cold-start")) {
    progress("cli-cold-start, cli-cold-start-npx");
    const { coldBench } = await import("./cold.js");
    push(...(await coldBench(quick ? 3 : 15)));
  }
  if (want("mesh-open-series", "mesh-open-large")) {
    progress("mesh-open-series, mesh-open-large (headless Chromium)");
    const { meshOpenBench } = await import("./mesh-open.js");
    push(...(await meshOpenBench(quick, quick ? 1 : 5)));
  }
  if (want("studio-longest-task")) {
    progress("studio-longest-task (headless Chromium)");
    const { studioPlaybackBench } = await import("./studio-playback.js");
    push(await studioPlaybackBench(quick, quick ? 1 : 3));
  }
  if (want("share-mixed-demo-size", "share-series-size")) {
    progress("share-mixed-demo-size, share-series-size");
    const { shareSizeBench } = await import("./share.js");
    push(...(await shareSizeBench(quick)));
  }
  if (want("share-live-tick", "share-live-open")) {
    progress("share-live-tick, share-live-open (headless Chromium)");
    push(...(await shareLiveRows()));
  }
  if (want("share-mixed-open", "share-series-open")) {
    progress("share-mixed-open, share-series-open (headless Chromium)");
    push(...(await shareOpenRows()));
  }
  if (want("share-bulge-demo-size", "share-bulge-open")) {
    progress("share-bulge-demo-size, share-bulge-open (headless Chromium)");
    const { shareBulgeRows } = await import("./share-bulge.js");
    push(...(await shareBulgeRows(quick ? 1 : 15)));
  }
  return out;
}

async function liveRows(): Promise<BenchRow[]> {
  const { liveImprovedBench } = await import("./live-improved.js");
  const r = await liveImprovedBench(PYTHON, quick ? 3 : 15);
  const two = r.twoThreads;
  const size = `640×480, ${r.points} points, ${r.cuts} cuts, our kernel ${r.simd ? "WebAssembly SIMD" : "JavaScript"}; ours on ${two.used === 2 ? "2 threads" : "1 thread"} (on all threads it gains from: TwoThreadMorph, decision 360, took ${two.ratio.toFixed(2)}× one thread's wall time, CPU ${two.cpuTwo.toFixed(2)} vs ${two.cpuOne.toFixed(2)} ms, interleaved)`;
  const cpu = (x?: number) =>
    x !== undefined && Number.isFinite(x) ? Math.round(x * 1000) / 1000 : null;
  const row = (name: string, peer: string, goal: number, x: LiveRow, agree: string): BenchRow =>
    x.theirs === null
      ? {
          name,
          peer,
          ratio: null,
          min: null,
          max: null,
          goal,
          note: `${size}; ${x.why ?? "peer skipped"}`,
        }
      : {
          name,
          peer,
          ratio: x.ratio,
          min: x.min,
          max: x.max,
          goal,
          load: x.load ?? null,
          cpuOurs: cpu(x.cpuOurs),
          cpuTheirs: cpu(x.cpuTheirs),
          note: `${size}; one long-lived Python peer (OpenCV's threads without active waiting, decision 422), interleaved; ${agree} ${x.difference?.toFixed(2)} grey levels; ${x.ours.toFixed(2)} vs ${x.theirs.toFixed(2)} ms`,
        };
  return [
    row(
      "warp-improved-vs-remap",
      `OpenCV 2× remap (ready maps) + addWeighted, ${r.threads} threads`,
      4.0,
      r.remap,
      "OpenCV at our sources differs by a mean",
    ),
    row(
      "morph-improved-vs-skimage",
      "scikit-image PiecewiseAffineTransform + warp ×2",
      0.05,
      r.skimage,
      "another method (piecewise affine, no cuts): mean difference",
    ),
    row(
      "morph-improved-vs-opencv",
      `OpenCV per-triangle warpAffine ×2 + blend + fillConvexPoly mask (the usual face morph), ${r.threads} threads`,
      0.1,
      r.opencv,
      "another method (piecewise affine, no cuts; within 2 grey levels of scikit-image's): mean difference",
    ),
  ];
}

/** The demo face's shared page: per-tick work against 5 ms, open against 2 s (issue 21). */
async function shareLiveRows(): Promise<BenchRow[]> {
  const { shareLiveBench } = await import("./share-live.js");
  const r = await shareLiveBench(quick ? 1 : 15);
  const ms = median(r.tickRounds);
  const open = median(r.openRounds);
  const kb = (r.bytes / 1024).toFixed(0);
  return [
    {
      name: "share-live-tick",
      peer: "the issue's 5 ms budget per tick",
      ratio: ms / 5,
      min: Math.min(...r.tickRounds) / 5,
      max: Math.max(...r.tickRounds) / 5,
      goal: 1.0,
      note: `demo face 320×240 in <deforma-live> (${kb} kB page, file://), one event then 40 single steps a round, each timed in the page (tick, canvas, panel); median ${ms.toFixed(2)} ms, worst tick ${r.worstTick.toFixed(1)} ms`,
    },
    {
      name: "share-live-open",
      peer: "the issue's 2 s from load to frame 0",
      ratio: open / 2000,
      min: Math.min(...r.openRounds) / 2000,
      max: Math.max(...r.openRounds) / 2000,
      goal: 1.0,
      note: `navigation to the element's ready state (frame 0 drawn), fresh navigation each round; median ${open.toFixed(0)} ms`,
    },
  ];
}

/** The shared mixed and series pages: load to frame 0 against 2 s (issue 21). */
async function shareOpenRows(): Promise<BenchRow[]> {
  const { shareOpenBench } = await import("./share-open.js");
  const r = await shareOpenBench(quick, quick ? 1 : 11);
  const openRow = (name: string, s: ShareOpenResult): BenchRow => {
    const ms = median(s.rounds);
    return {
      name,
      peer: "the issue's 2 s from load to frame 0",
      ratio: ms / 2000,
      min: Math.min(...s.rounds) / 2000,
      max: Math.max(...s.rounds) / 2000,
      goal: 1.0,
      note: `${s.what} in <deforma-mesh> (${(s.bytes / 1e6).toFixed(2)} MB page, file://): navigation to the element's ready state (frame 0 drawn), fresh navigation each round; median ${ms.toFixed(0)} ms, longest task before it ${Math.max(...s.longest).toFixed(0)} ms`,
    };
  };
  return [openRow("share-mixed-open", r.mixed), openRow("share-series-open", r.series)];
}

function format(x: number | null): string {
  if (x === null) return "—";
  return x < 0.1 ? x.toPrecision(2) : x.toFixed(2);
}

/** The JSON keys, in this order. */
const KEYS = [
  "name",
  "peer",
  "ratio",
  "min",
  "max",
  "goal",
  "load",
  "cpuOurs",
  "cpuTheirs",
  "note",
] as const;
const result = (await rows()).map(
  (r) =>
    Object.fromEntries(
      KEYS.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]),
    ) as unknown as BenchRow,
);
if (json) {
  process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
} else {
  const pad = (s: string, n: number) => s.padEnd(n);
  const ms = (x: number | null | undefined) =>
    x === null || x === undefined ? "—" : x < 10 ? x.toFixed(2) : x.toFixed(0);
  console.log(
    `${pad("row", 27)} ${pad("ratio", 7)} ${pad("min–max", 12)} ${pad("goal", 7)} verdict  ${pad("load", 5)} ${pad("CPU ms ours/peer", 17)} peer; note`,
  );
  for (const r of result) {
    const verdict = r.ratio === null ? "no peer" : r.ratio <= r.goal ? "met" : "NOT MET";
    console.log(
      `${pad(r.name, 27)} ${pad(format(r.ratio), 7)} ${pad(r.ratio === null ? "" : `${format(r.min)}–${format(r.max)}`, 12)} ${pad(`≤${r.goal}`, 7)} ${pad(verdict, 8)} ${pad(r.load?.toFixed(2) ?? "—", 5)} ${pad(`${ms(r.cpuOurs)} / ${ms(r.cpuTheirs)}`, 17)} ${r.peer}; ${r.note}`,
    );
  }
}
