/**
 * The declarative half of the situation program: the scene's rules, judged
 * once per tick. A rule is triggered by an event delivered at this tick, by
 * its signal condition becoming true (edge), or by the player standing idle
 * on the zero frame long enough; the highest priority triggered rule that is
 * not cooling down fires (ties: file order). See docs/formats/live-scene.md.
 */
import type { Rule, SignalOp } from "../scene/model.js";
import type { DeliveredEvent } from "./types.js";

/** What the rules see at one tick. */
export interface RuleInput {
  readonly timeMs: number;
  readonly events: readonly DeliveredEvent[];
  readonly signals: ReadonlyMap<string, number>;
  /** Since when (ms) the player has stood on the zero frame with nothing queued and no event; undefined when it is busy. */
  readonly idleSinceMs: number | undefined;
}

/** A rule's trigger as written: the event name, the condition, `idle N ms` (`idle N…M ms` for a range). */
export function triggerLabel(rule: Rule): string {
  const t = rule.trigger;
  if (t.kind === "event") return t.event;
  if (t.kind === "signal") return `${t.signal} ${t.op} ${t.value}`;
  return t.maxMs === undefined ? `idle ${t.ms} ms` : `idle ${t.ms}…${t.maxMs} ms`;
}

/** A short label of a rule, as the studio and the timeline's `fired` show it. */
export function ruleLabel(rule: Rule): string {
  return `${triggerLabel(rule)} → ${rule.story}`;
}

/** The next number in [0, 1) of a 32-bit xorshift generator; `state` holds its word. */
function nextRandom(state: Uint32Array, i: number): number {
  let x = state[i]! || 0x9e3779b9;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  state[i] = x;
  return (x >>> 0) / 2 ** 32;
}

function compare(value: number, op: SignalOp, bound: number): boolean {
  switch (op) {
    case ">":
      return value > bound;
    case ">=":
      return value >= bound;
    case "<":
      return value < bound;
    case "<=":
      return value <= bound;
  }
}

/** The rules' memory between ticks: last firing of each rule, last truth of each signal condition. */
export class RuleBook {
  private readonly lastFired: Float64Array;
  private readonly wasTrue: Uint8Array;
  /** A signal rule whose rise was refused and is held while its condition holds (decision 277). */
  private readonly held: Uint8Array;
  /** Generator words and the current wait (ms) of the randomised idle rules. */
  private readonly random: Uint32Array;
  private readonly waitMs: Float64Array;
  /** The event rules by event name, and the others (signal and idle: judged every tick), decision 254. */
  private readonly byEvent = new Map<string, number[]>();
  private readonly others: number[] = [];

  constructor(readonly rules: readonly Rule[]) {
    this.lastFired = new Float64Array(rules.length).fill(Number.NEGATIVE_INFINITY);
    this.wasTrue = new Uint8Array(rules.length);
    this.held = new Uint8Array(rules.length);
    this.random = new Uint32Array(rules.length);
    this.waitMs = new Float64Array(rules.length);
    this.reset();
    rules.forEach((rule, i) => {
      const t = rule.trigger;
      if (t.kind !== "event") this.others.push(i);
      else if (this.byEvent.has(t.event)) this.byEvent.get(t.event)!.push(i);
      else this.byEvent.set(t.event, [i]);
    });
  }

  /** Forgets every firing and signal edge (a restart). */
  reset(): void {
    this.lastFired.fill(Number.NEGATIVE_INFINITY);
    this.wasTrue.fill(0);
    this.held.fill(0);
    this.rules.forEach((rule, i) => {
      const t = rule.trigger;
      if (t.kind !== "idle") return;
      this.random[i] = (t.seed ?? 1) >>> 0;
      this.draw(i);
    });
  }

  /** Draws rule i's next idle wait (a fixed `idleMs`, or one from its range). */
  private draw(i: number): void {
    const t = this.rules[i]!.trigger;
    if (t.kind !== "idle") return;
    this.waitMs[i] =
      t.maxMs === undefined ? t.ms : t.ms + nextRandom(this.random, i) * (t.maxMs - t.ms);
  }

  /** Whether rule i fired less than its cooldown before `timeMs`. */
  cooling(i: number, timeMs: number): boolean {
    return timeMs - this.lastFired[i]! < this.rules[i]!.cooldownMs;
  }

  /**
   * Indices of the rules triggered at this tick, best first (priority, then
   * file order); event and signal rules also while cooling down (the player
   * records them as dropped), idle rules only when ready. A signal rise is
   * consumed here; {@link refused} re-arms it.
   */
  triggered(input: RuleInput): number[] {
    const out: number[] = [];
    for (const name of new Set(input.events.map((e) => e.name)))
      for (const i of this.byEvent.get(name) ?? []) out.push(i);
    for (const i of this.others) {
      const t = this.rules[i]!.trigger;
      if (t.kind === "signal") {
        const now = compare(input.signals.get(t.signal) ?? 0, t.op, t.value);
        if (now && this.wasTrue[i] === 0) out.push(i);
        this.wasTrue[i] = now ? 1 : 0;
        if (!now) this.held[i] = 0;
      } else if (
        t.kind === "idle" &&
        input.idleSinceMs !== undefined &&
        input.timeMs - input.idleSinceMs >= this.waitMs[i]! &&
        !this.cooling(i, input.timeMs)
      )
        out.push(i);
    }
    return out.sort((a, b) => this.rules[b]!.priority - this.rules[a]!.priority || a - b);
  }

  /**
   * Rule i was triggered and played nothing. A signal rule stays armed while
   * its condition holds, so it fires at the first tick it can (decision 277).
   * Returns whether to record the drop: not again for a rise already held.
   */
  refused(i: number): boolean {
    if (this.rules[i]!.trigger.kind !== "signal") return true;
    this.wasTrue[i] = 0;
    const first = this.held[i] === 0;
    this.held[i] = 1;
    return first;
  }

  /** Records that rule `i` fired at `timeMs`. */
  fired(i: number, timeMs: number): void {
    this.lastFired[i] = timeMs;
    this.held[i] = 0;
    this.draw(i);
  }
}
