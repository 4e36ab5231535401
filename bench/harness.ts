/**
 * The bench's shared parts: the JSON row, interleaved A/B rounds (median of
 * per-round ratios, with min and max) and a long-lived Python peer process.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The Python of the peers (Debian packages); BENCH_PYTHON overrides it (e.g. to try a missing peer). */
export const PYTHON = process.env.BENCH_PYTHON ?? "/usr/bin/python3";

/** One row of `npm run bench -- --json`; `ratio` null (and why in `note`) when the peer is missing. */
export interface BenchRow {
  readonly name: string;
  readonly peer: string;
  readonly ratio: number | null;
  readonly min: number | null;
  readonly max: number | null;
  readonly goal: number;
  readonly note: string;
  /** Median ms per call of each side (not printed in the JSON; for `--scale`). */
  readonly ours?: number;
  readonly theirs?: number;
}

/** Progress goes to stderr, so that stdout holds only the table or the JSON. */
export function progress(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

export interface Rounds {
  readonly ratio: number;
  readonly min: number;
  readonly max: number;
  /** Median ms per call of each side. */
  readonly ours: number;
  readonly theirs: number;
}

/**
 * `warmup` rounds (not counted), then `rounds` rounds of ours then theirs
 * (each side returns ms per call); the ratio is the median of per-round ratios.
 */
export async function interleave(
  rounds: number,
  warmup: number,
  ours: () => number | Promise<number>,
  theirs: () => number | Promise<number>,
): Promise<Rounds> {
  for (let i = 0; i < warmup; i++) {
    await ours();
    await theirs();
  }
  const ratios: number[] = [];
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const x = await ours();
    const y = await theirs();
    a.push(x);
    b.push(y);
    ratios.push(x / y);
  }
  return {
    ratio: median(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
    ours: median(a),
    theirs: median(b),
  };
}

/** Ms per call of `calls` calls of `f`. */
export function timed(calls: number, f: () => void): number {
  const start = performance.now();
  for (let i = 0; i < calls; i++) f();
  return (performance.now() - start) / calls;
}

/** A long-lived Python peer (bench/peers/NAME): a hello line, then one JSON line per command. */
export class PythonPeer {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: AsyncIterator<string>;
  private stderr = "";
  /** The hello: versions of the modules it imported, and why the others are missing. */
  hello: { have: Record<string, string>; why: Record<string, string> } | null = null;
  /** Why the peer is missing altogether (it did not start). */
  failure = "";

  private constructor(script: string, args: string[]) {
    const path = fileURLToPath(new URL(`./peers/${script}`, import.meta.url));
    this.child = spawn(PYTHON, [path, ...args], { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stderr.on("data", (d) => {
      this.stderr += String(d);
    });
    this.child.on("error", (e) => {
      this.stderr += `${e.message}\n`;
    });
    this.child.stdin.on("error", () => {});
    this.lines = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  static async start(script: string, args: string[] = []): Promise<PythonPeer> {
    const peer = new PythonPeer(script, args);
    try {
      peer.hello = (await peer.reply()) as NonNullable<PythonPeer["hello"]>;
    } catch (e) {
      peer.failure = (e as Error).message;
      peer.child.kill();
    }
    return peer;
  }

  /** Null when `module` is there, else why not. */
  missing(module: string): string | null {
    if (!this.hello) return `peer skipped: python peer did not start (${this.failure})`;
    if (this.hello.have[module]) return null;
    return `peer skipped: ${this.hello.why[module] ?? `no ${module}`}`;
  }

  version(module: string): string {
    return this.hello?.have[module] ?? "?";
  }

  private async reply(): Promise<Record<string, unknown>> {
    const next = await this.lines.next();
    if (next.done) throw new Error(this.stderr.trim().split("\n").pop() || "the peer exited");
    return JSON.parse(next.value) as Record<string, unknown>;
  }

  async ask(command: string): Promise<Record<string, unknown>> {
    this.child.stdin.write(`${command}\n`);
    const r = await this.reply();
    if (typeof r.error === "string") throw new Error(r.error);
    return r;
  }

  /** Ms per call the peer measured for `command`. */
  async ms(command: string): Promise<number> {
    return (await this.ask(command)).ms as number;
  }

  close(): void {
    this.child.stdin.write("quit\n");
    this.child.kill();
  }
}
