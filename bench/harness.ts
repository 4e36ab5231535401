/**
 * The bench's shared parts: the JSON row, interleaved A/B rounds (median of
 * per-round ratios, with min and max) and a long-lived Python peer process.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { loadavg } from "node:os";
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
  /** The 1-minute load average when the row was measured (filled by run.ts when a row leaves it out). */
  readonly load?: number | null;
  /** Median CPU ms per call of each side (all threads of its process); null where not measured. */
  readonly cpuOurs?: number | null;
  readonly cpuTheirs?: number | null;
  /** Median ms per call of each side (not printed in the JSON; for `--scale`). */
  readonly ours?: number;
  readonly theirs?: number;
}

/** The 1-minute load average now (what a row records beside its ratio). */
export function loadNow(): number {
  return Math.round(loadavg()[0]! * 100) / 100;
}

/**
 * One side's time for a round: ms per call, and, when the side ran in another
 * process, the CPU ms per call that process measured for itself (a side that
 * returns a bare number ran in this process, whose CPU the harness measures).
 */
export interface Timing {
  readonly ms: number;
  readonly cpu: number;
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
  /** Median CPU ms per call of each side (NaN when a peer process did not report it). */
  readonly cpuOurs: number;
  readonly cpuTheirs: number;
  /** The 1-minute load average at the first counted round. */
  readonly load: number;
}

type Side = () => number | Timing | Promise<number | Timing>;

/**
 * One call of a side: its ms per call and CPU ms per call. For a bare number
 * the CPU is this process's (`process.cpuUsage`, all its threads) over the
 * call, scaled to one call by the side's wall time per call.
 */
export async function measureSide(side: Side): Promise<Timing> {
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = await side();
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - wall0;
  if (typeof r !== "number") return r;
  const used = (cpu.user + cpu.system) / 1000;
  return { ms: r, cpu: wall > 0 ? (used * r) / wall : used };
}

/**
 * `warmup` rounds (not counted), then `rounds` rounds of ours then theirs
 * (each side returns ms per call, or a {@link Timing} from another process);
 * the ratio is the median of per-round ratios, the CPU the median per side.
 */
export async function interleave(
  rounds: number,
  warmup: number,
  ours: Side,
  theirs: Side,
): Promise<Rounds> {
  for (let i = 0; i < warmup; i++) {
    await ours();
    await theirs();
  }
  const load = loadNow();
  const ratios: number[] = [];
  const a: Timing[] = [];
  const b: Timing[] = [];
  for (let r = 0; r < rounds; r++) {
    const x = await measureSide(ours);
    const y = await measureSide(theirs);
    a.push(x);
    b.push(y);
    ratios.push(x.ms / y.ms);
  }
  return {
    ratio: median(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
    ours: median(a.map((t) => t.ms)),
    theirs: median(b.map((t) => t.ms)),
    cpuOurs: median(a.map((t) => t.cpu)),
    cpuTheirs: median(b.map((t) => t.cpu)),
    load,
  };
}

/** A row's load and CPU columns from its rounds (null for a CPU a peer did not report). */
export function measured(r: Rounds): Pick<BenchRow, "load" | "cpuOurs" | "cpuTheirs"> {
  const cpu = (x: number) => (Number.isFinite(x) ? Math.round(x * 1000) / 1000 : null);
  return { load: r.load, cpuOurs: cpu(r.cpuOurs), cpuTheirs: cpu(r.cpuTheirs) };
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

  /** Ms per call the peer measured for `command`, and its CPU ms per call (`cpu` in its reply; NaN when it gave none). */
  async ms(command: string): Promise<Timing> {
    const r = await this.ask(command);
    return { ms: r.ms as number, cpu: typeof r.cpu === "number" ? r.cpu : Number.NaN };
  }

  close(): void {
    this.child.stdin.write("quit\n");
    this.child.kill();
  }
}
