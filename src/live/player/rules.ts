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

/** A short label of a rule, as the studio and the timeline's `fired` show it. */
export function ruleLabel(rule: Rule): string {
  const t = rule.trigger;
  const when =
    t.kind === "event"
      ? t.event
      : t.kind === "signal"
        ? `${t.signal} ${t.op} ${t.value}`
        : `idle ${t.ms} ms`;
  return `${when} → ${rule.story}`;
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
  /** The event rules by event name, and the others (signal and idle: judged every tick), decision 254. */
  private readonly byEvent = new Map<string, number[]>();
  private readonly others: number[] = [];

  constructor(readonly rules: readonly Rule[]) {
    this.lastFired = new Float64Array(rules.length).fill(Number.NEGATIVE_INFINITY);
    this.wasTrue = new Uint8Array(rules.length);
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
  }

  /**
   * Indices of the rules triggered at this tick and not cooling down, best
   * first (priority, then file order). Signal edges are consumed whether or
   * not the rule is then allowed to fire.
   */
  triggered(input: RuleInput): number[] {
    const out: number[] = [];
    const ready = (i: number) => input.timeMs - this.lastFired[i]! >= this.rules[i]!.cooldownMs;
    for (const name of new Set(input.events.map((e) => e.name)))
      for (const i of this.byEvent.get(name) ?? []) if (ready(i)) out.push(i);
    for (const i of this.others) {
      const t = this.rules[i]!.trigger;
      let on: boolean;
      if (t.kind === "signal") {
        const now = compare(input.signals.get(t.signal) ?? 0, t.op, t.value);
        on = now && this.wasTrue[i] === 0;
        this.wasTrue[i] = now ? 1 : 0;
      } else
        on =
          t.kind === "idle" &&
          input.idleSinceMs !== undefined &&
          input.timeMs - input.idleSinceMs >= t.ms;
      if (on && ready(i)) out.push(i);
    }
    return out.sort((a, b) => this.rules[b]!.priority - this.rules[a]!.priority || a - b);
  }

  /** Records that rule `i` fired at `timeMs`. */
  fired(i: number, timeMs: number): void {
    this.lastFired[i] = timeMs;
  }
}
