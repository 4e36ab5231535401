/**
 * Bench rows `warp-improved-vs-remap` and `morph-improved-vs-skimage`: one
 * improved in-between (t = 0.5, counter 10 of 19) of the bench face at
 * 640 × 480 — field, both warps and the blend — against
 *  - OpenCV: two `cv2.remap` (bilinear, edge replicated) with the per-pixel
 *    sources our engine computed, ready, plus `cv2.addWeighted`;
 *  - scikit-image: `PiecewiseAffineTransform` estimated on the same control
 *    points (plus the picture's corners) for K and for L, `warp` of both
 *    (bilinear, edge) and the blend.
 * The peer is one long-lived Python process (bench/peers/live_warp.py) that
 * reads the same bytes once, its OpenCV thread pool without active waiting
 * (decision 422); then rounds alternate (ours, theirs, …) after a
 * warm-up, and each row's ratio is the median of the per-round ratios.
 * Ours runs on all threads it gains from: two (TwoThreadMorph, src/node)
 * where, interleaved with one thread before the rows, they took less wall
 * time, else one; both give the same bytes (checked).
 * Answers are compared: OpenCV samples at our sources, so it must agree with
 * our picture within about a grey level; scikit-image's piecewise-affine
 * morph is another method, so its difference is only reported.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { EngineFrame } from "../src/live/engine.js";
import type { RgbaImage } from "../src/live/image.js";
import { ImprovedMorph } from "../src/live/improved/index.js";
import { delaunay } from "../src/live/quality/delaunay.js";
import { TwoThreadMorph } from "../src/node/live-threads.js";
import { interleave, loadNow, timed } from "./harness.js";
import { benchFace } from "./live-face.js";

/** One row's numbers; `theirs` null (with `why`) when the peer is missing. */
export interface LiveRow {
  readonly ratio: number;
  readonly min: number;
  readonly max: number;
  readonly ours: number;
  readonly theirs: number | null;
  readonly why?: string;
  /** CPU ms per call of each side (`theirs` as the Python peer measured it), and the load at the start. */
  readonly cpuOurs?: number;
  readonly cpuTheirs?: number;
  readonly load?: number;
  /** Mean absolute difference of the answers (grey levels, over R, G, B, A). */
  readonly difference?: number;
}

export interface LiveBench {
  readonly remap: LiveRow;
  readonly skimage: LiveRow;
  /** OpenCV's per-triangle face morph (`morph-improved-vs-opencv`). */
  readonly opencv: LiveRow;
  /** Points, cuts, the kernel and OpenCV's threads, for the notes. */
  readonly points: number;
  readonly cuts: number;
  readonly simd: boolean;
  readonly threads: number;
  /**
   * Ours on two threads (TwoThreadMorph, decision 360) against one,
   * interleaved: the median ratio of wall times (two ÷ one), each one's CPU
   * ms per in-between, and the threads the rows' `ours` used (two only where
   * they won).
   */
  readonly twoThreads: {
    readonly used: number;
    readonly ratio: number;
    readonly cpuOne: number;
    readonly cpuTwo: number;
  };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

function meanAbs(a: Uint8Array | Uint8ClampedArray, b: Uint8Array | Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

const missing = (ours: number, why: string): LiveRow => ({
  ratio: Number.NaN,
  min: Number.NaN,
  max: Number.NaN,
  ours,
  theirs: null,
  why,
});

/**
 * The OpenCV peer's environment (decision 422): its thread pool's threads
 * sleep as soon as a job ends instead of spinning first (OpenCV's
 * OPENCV_THREAD_POOL_ACTIVE_WAIT_* counts, read when cv2 loads).
 */
export const OPENCV_QUIET = {
  OPENCV_THREAD_POOL_ACTIVE_WAIT_WORKER: "0",
  OPENCV_THREAD_POOL_ACTIVE_WAIT_MAIN: "0",
} as const;

/** The largest mean difference (grey levels) OpenCV's morph may have from ours, and from scikit-image's. */
export const MORPH_AGREES = { ours: 15, skimage: 2 };

/**
 * Throws unless OpenCV's per-triangle morph is a piecewise-affine morph of
 * the same points: within {@link MORPH_AGREES} of ours (another method: cuts,
 * a smooth field) and of scikit-image's answer when that peer ran.
 */
export function checkMorph(ours: number | undefined, morph: string, skimage: string): void {
  if (ours === undefined) return;
  let d = Number.NaN;
  try {
    d = meanAbs(readFileSync(morph), readFileSync(skimage));
  } catch {}
  if (!(ours <= MORPH_AGREES.ours) || d > MORPH_AGREES.skimage) {
    throw new Error(
      `morph-improved-vs-opencv: answers disagree (mean ${ours} grey levels from ours, ${d} from scikit-image's)`,
    );
  }
}

/** Runs both rows: `rounds` interleaved rounds each (fewer for scikit-image, which is slow). */
export async function liveImprovedBench(python: string, rounds: number): Promise<LiveBench> {
  const { k, l } = benchFace();
  const t = 0.5;
  const morph = new ImprovedMorph(k, l);
  const oneThread = () => {
    morph.prepare(t);
    return morph.render();
  };
  const ours = new Uint8ClampedArray(oneThread().data);
  // Ours as Deforma can make an in-between at the edge: on two threads, the same bytes.
  const two = await TwoThreadMorph.open(k, l);
  try {
    return await withOurs(python, rounds, k, l, t, morph, ours, () => two.inbetween(t), oneThread);
  } finally {
    await two.close();
  }
}

async function withOurs(
  python: string,
  rounds: number,
  k: EngineFrame,
  l: EngineFrame,
  t: number,
  morph: ImprovedMorph,
  ours: Uint8ClampedArray,
  twoThreads: () => RgbaImage,
  oneThread: () => RgbaImage,
): Promise<LiveBench> {
  const { width, height } = k.image;
  if (meanAbs(twoThreads().data, ours) !== 0) {
    throw new Error("two threads' in-between differs from one's");
  }
  // Ours on all threads it gains from: two where they beat one in wall time here and now.
  const threadRounds = await interleave(
    Math.max(3, rounds),
    1,
    () => timed(10, twoThreads),
    () => timed(10, oneThread),
  );
  const used = threadRounds.ratio < 1 ? 2 : 1;
  const once = used === 2 ? twoThreads : oneThread;
  const twoVsOne = {
    used,
    ratio: threadRounds.ratio,
    cpuOne: threadRounds.cpuTheirs,
    cpuTwo: threadRounds.cpuOurs,
  };
  // Our time alone (for the rows of a missing peer).
  const alone: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    once();
    alone.push(performance.now() - start);
  }
  const oursAlone = median(alone);
  const planes = [0, 1, 2, 3].map(() => new Float32Array(width * height));
  morph.maps(planes[0]!, planes[1]!, planes[2]!, planes[3]!);

  const dir = mkdtempSync(join(tmpdir(), "deforma-live-bench-"));
  const info = {
    points: k.names.length,
    cuts: k.cuts.length,
    simd: morph.simd,
    threads: 0,
    twoThreads: twoVsOne,
  };
  try {
    writeFileSync(join(dir, "k.rgba"), k.image.data);
    writeFileSync(join(dir, "l.rgba"), l.image.data);
    const maps = new Float32Array(width * height * 4);
    planes.forEach((p, i) => {
      maps.set(p, i * width * height);
    });
    writeFileSync(join(dir, "maps.f32"), new Uint8Array(maps.buffer));
    const pairs = (xy: Float64Array) =>
      Array.from({ length: xy.length / 2 }, (_, i) => [xy[2 * i], xy[2 * i + 1]]);
    // The OpenCV morph's triangles: Delaunay of the points at t and the corners (the peer's order).
    const corners = [0, 0, width - 1, 0, 0, height - 1, width - 1, height - 1];
    writeFileSync(
      join(dir, "points.json"),
      JSON.stringify({
        width,
        height,
        t,
        at: pairs(morph.points),
        k: pairs(k.points),
        l: pairs(l.points),
        triangles: delaunay([...morph.points, ...corners]),
      }),
    );

    const script = fileURLToPath(new URL("./peers/live_warp.py", import.meta.url));
    // OpenCV's thread pool without its active wait (decision 422): its threads spun on both
    // cores after each reply, into our next round; the peer is not slower without it.
    const child = spawn(python, [script, dir], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, ...OPENCV_QUIET },
    });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    // A peer that cannot start or dies shows as an ended stdout (a missing peer's row).
    child.on("error", (e) => {
      stderr += `${e.message}\n`;
    });
    child.stdin.on("error", () => {});
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const reply = async (): Promise<Record<string, unknown>> => {
      const next = await lines.next();
      if (next.done) throw new Error(stderr.trim().split("\n").pop() || "the peer exited");
      return JSON.parse(next.value) as Record<string, unknown>;
    };
    const ask = async (command: string) => {
      child.stdin.write(`${command}\n`);
      const r = await reply();
      if (typeof r.error === "string") throw new Error(r.error);
      return r;
    };
    let hello: { have: Record<string, string>; why: Record<string, string>; threads: number };
    try {
      hello = (await reply()) as typeof hello;
    } catch (e) {
      child.kill();
      const why = `peer skipped: ${(e as Error).message}`;
      const none = missing(oursAlone, why);
      return { remap: none, skimage: none, opencv: none, ...info };
    }
    info.threads = hello.threads;

    const row = async (
      peer: string,
      job: string,
      rounds: number,
      ourCalls: number,
      theirCalls: number,
    ) => {
      if (!hello.have[peer]) {
        return missing(oursAlone, `peer skipped: ${hello.why[peer] ?? `no ${peer}`}`);
      }
      for (let i = 0; i < 3 * ourCalls; i++) once();
      await ask(`${job} ${theirCalls}`);
      const load = loadNow();
      const r = await interleave(
        rounds,
        0,
        () => timed(ourCalls, once),
        async () => {
          const x = await ask(`${job} ${theirCalls}`);
          return { ms: x.ms as number, cpu: typeof x.cpu === "number" ? x.cpu : Number.NaN };
        },
      );
      await ask("dump");
      const theirs = readFileSync(join(dir, `${job}.rgba`));
      return {
        ...r,
        load,
        difference: meanAbs(ours, theirs),
      };
    };
    try {
      const remap = await row("cv2", "remap", rounds, 10, 10);
      if (remap.difference !== undefined && remap.difference > 1.5) {
        throw new Error(
          `OpenCV with our sources disagrees: mean difference ${remap.difference} grey levels`,
        );
      }
      const skimage = await row("skimage", "skimage", Math.max(3, rounds >> 1), 10, 1);
      const opencv = await row("cv2", "morph", rounds, 10, 3);
      checkMorph(opencv.difference, join(dir, "morph.rgba"), join(dir, "skimage.rgba"));
      child.stdin.write("quit\n");
      return { remap, skimage, opencv, ...info };
    } finally {
      child.kill();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
