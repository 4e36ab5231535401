/**
 * The one shared fixture and helper module of the test suites: fixture and
 * demo files, the seed's model, the in-process CLI, diagnostic positions,
 * exact model comparison and the property-test run count.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { CliIo } from "../src/cli/io.js";
import { run } from "../src/cli/run.js";
import { type Diagnostic, locate } from "../src/core/index.js";
import type { MeshAnimation } from "../src/mixed/agr/index.js";
import type { MbsAnimation } from "../src/mixed/amb/index.js";
import type { MixedAnimation } from "../src/mixed/amx/index.js";

/** Absolute path of a file under test/fixtures. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
}

/** Text of a file under test/fixtures. */
export function fixture(name: string): string {
  return readFileSync(fixturePath(name), "utf8");
}

/** Diagnostics as `CODE@line:column` strings, for compact assertions. */
export function where(diagnostics: readonly Diagnostic[], text: string): string[] {
  return locate(diagnostics, { file: "x", text }).map((d) => `${d.code}@${d.line}:${d.column}`);
}

/** Runs the CLI in-process (with `stdin` as standard input, if given); returns the exit code and what it printed. */
export async function cli(
  argv: string[],
  cwd: string = process.cwd(),
  stdin?: Uint8Array | string,
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    cwd,
    isTTY: false,
    ...(stdin === undefined
      ? {}
      : {
          stdin: async () => (typeof stdin === "string" ? new TextEncoder().encode(stdin) : stdin),
        }),
  };
  const code = await run(argv, io);
  return { code, out, err };
}

/** 1-based `line:column` of an offset. */
export function lineCol(text: string, offset: number): string {
  const [d] = locate([{ code: "X", severity: "error", message: "", start: offset, end: offset }], {
    file: "x",
    text,
  });
  return `${d!.line}:${d!.column}`;
}

/** 1-based `line:column` of the `occurrence`-th (0-based) `needle` in `text`, `shift` characters on. */
export function pos(text: string, needle: string, occurrence = 0, shift = 0): string {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' not found`);
  }
  return lineCol(text, at + shift);
}

/** The bytes of a typed array's contents (exact comparison: -0, NaN payloads). */
export function bytesOf(a: ArrayBufferView): number[] {
  return Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
}

/** Asserts that two mesh animations are identical, typed arrays bit for bit. */
export function expectSameAgr(a: MeshAnimation, b: MeshAnimation): void {
  expect(b.type).toBe(a.type);
  expect(b.nodeCount).toBe(a.nodeCount);
  expect(b.scalars).toEqual(a.scalars);
  expect(b.vectors).toEqual(a.vectors);
  for (const k of ["positions", "cellTypes", "connectivity", "times"] as const) {
    expectSameBytes(b[k], a[k], k);
  }
  for (const k of ["scalarValues", "vectorValues"] as const) {
    expect(b[k].length, k).toBe(a[k].length);
    a[k].forEach((v, i) => {
      expectSameBytes(b[k][i], v, `${k}[${i}]`);
    });
  }
}

/** Asserts that two MBS animations are identical, typed arrays bit for bit. */
export function expectSameAmb(a: MbsAnimation, b: MbsAnimation): void {
  expect(b.bodies).toEqual(a.bodies);
  expectSameBytes(b.times, a.times, "times");
  expectSameBytes(b.matrices, a.matrices, "matrices");
}

/** Property-test runs: modest in `npm test`, many with `npm run fuzz` (FUZZ=1). */
export const RUNS = process.env.FUZZ_RUNS
  ? Number(process.env.FUZZ_RUNS)
  : process.env.FUZZ
    ? 20_000
    : 150;

/**
 * Runs of a property that sets its own count: `normal` in `npm test`, 20 times
 * as many with `npm run fuzz` (FUZZ=1), or FUZZ_RUNS when given.
 */
export function propertyRuns(normal: number): number {
  if (process.env.FUZZ_RUNS) return Number(process.env.FUZZ_RUNS);
  return process.env.FUZZ ? normal * 20 : normal;
}

/**
 * Asserts that two typed arrays hold the same bytes: one Buffer.equals, where
 * an element-by-element toEqual takes seconds on a large mesh. On a mismatch
 * the message names the first byte that differs.
 */
export function expectSameBytes(actual: unknown, expected: ArrayBufferView, label = "bytes"): void {
  if (!ArrayBuffer.isView(actual)) expect.fail(`${label}: not a typed array`);
  const a = Buffer.from(actual.buffer, actual.byteOffset, actual.byteLength);
  const b = Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength);
  if (a.equals(b)) return;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  expect.fail(`${label}: ${a.length} bytes against ${b.length}, first difference at byte ${i}`);
}

/** Absolute path of a file of the bundled demo (`demo/`). */
export function demoPath(name: string): string {
  return fileURLToPath(new URL(`../demo/${name}`, import.meta.url));
}

/**
 * Copies the demo as the repository holds it — the files git tracks under
 * `demo/` (or its subfolder `sub`) — into folder `dest`, so a test never sees
 * what a user left in demo/ (an export, a note); every file when git cannot
 * list them (not a checkout).
 */
export function copyDemo(dest: string, sub = ""): void {
  const root = fileURLToPath(new URL("../", import.meta.url));
  const from = sub === "" ? "demo" : `demo/${sub}`;
  let tracked: string[];
  try {
    tracked = execFileSync("git", ["ls-files", "-z", "--", from], { cwd: root, encoding: "utf8" })
      .split("\0")
      .filter((f) => f !== "");
  } catch {
    tracked = [];
  }
  if (tracked.length === 0) {
    cpSync(join(root, from), dest, { recursive: true });
    return;
  }
  for (const file of tracked) cpSync(join(root, file), join(dest, relative(from, file)));
}

const SEED_BODY_2 = [
  -0.99999, 0.00190386, -0.00403572, -0.374617, -0.001825, -0.999809, -0.0194551, -0.0252398,
  -0.00407199, -0.0194476, 0.999803, 0.619363,
];
const SEED_BODY_6 = [
  -0.999992, -0.000132341, -0.00407241, -0.374657, -0.00033201, 0.998795, 0.0490684, 0.0576611,
  -0.00406101, -0.0490693, 0.998787, 0.609129,
];

/** The seed's `.amx` model exactly as the spec renders it (test/fixtures/seed/seed-*.amx). */
export const SEED_AMX: MixedAnimation = {
  mbs: "Animation10_no_shift_arms.amb",
  bodies: [
    {
      body: 2,
      variantInUse: 0,
      animations: [
        {
          type: 1,
          scalarParam: 0,
          vectorParam: 0,
          file: "arm_new_E1e3_T10_S1e-2.agr",
          matrix: SEED_BODY_2,
        },
      ],
    },
    {
      body: 6,
      variantInUse: 0,
      animations: [
        {
          type: 1,
          scalarParam: 0,
          vectorParam: 0,
          file: "arm_new_E1e3_T10_S1e-2.agr",
          matrix: SEED_BODY_6,
        },
      ],
    },
  ],
};

/**
 * A stress-strain mesh animation of `nodes` nodes (no cells) whose scalar
 * and coordinates vary over `frames` frames (times 0, 0.25, …): many values
 * per frame, for the readers of large texts.
 */
export function framesModel(nodes: number, frames: number): MeshAnimation {
  const f32 = (n: number, k: number) =>
    Float32Array.from({ length: n }, (_, i) =>
      Math.fround(Math.sin(i * 0.37 + k) * 1e-3 * (i % 7)),
    );
  return {
    type: 1,
    nodeCount: nodes,
    positions: f32(3 * nodes, 0),
    cellTypes: new Uint8Array(0),
    connectivity: new Uint32Array(0),
    scalars: [{ name: "strain", unit: "1", varying: true }],
    vectors: [{ name: "coordinates", unit: "m", varying: true }],
    times: Float64Array.from({ length: frames }, (_, f) => f * 0.25),
    scalarValues: [f32(frames * nodes, 1)],
    vectorValues: [f32(frames * 3 * nodes, 2)],
  };
}

/**
 * A file of the shared solver corpus (real results from public projects, see its
 * SOURCES.md), which sits beside the repository's folder or one level up; undefined
 * when it is absent, so tests that read it skip.
 */
export function corpusFile(path: string): string | undefined {
  return ["../../shared", "../../../shared"]
    .map((up) => fileURLToPath(new URL(`${up}/corpus/${path}`, import.meta.url)))
    .find((p) => existsSync(p));
}
