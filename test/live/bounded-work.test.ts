/**
 * Findings capped while collecting and no quadratic work (issue 23, item 4):
 * scenes with many mismatched points, events files with many unknown names,
 * unsorted events, many rules at one tick. Work is counted (getters that
 * count reads), never timed: doubling the input at most roughly doubles it.
 */
import { describe, expect, it } from "vitest";
import { FINDINGS_PER_CODE } from "../../src/core/diagnostics.js";
import { checkInputsAgainstScene } from "../../src/live/events/check.js";
import { readEvents } from "../../src/live/events/read.js";
import { InputQueue } from "../../src/live/player/inputs.js";
import { RuleBook } from "../../src/live/player/rules.js";
import type { DeliveredEvent, ExternalInput } from "../../src/live/player/types.js";
import type { Rule } from "../../src/live/scene/model.js";
import { readScene } from "../../src/live/scene/read.js";

/** A scene whose first frame has `points` points and each of `frames` more frames `points` others. */
function mismatchedScene(points: number, frames: number): string {
  const pts = (p: string) =>
    `{${Array.from({ length: points }, (_, k) => `"${p}${k}": [1, 1]`).join(",")}}`;
  const list = Array.from(
    { length: frames + 1 },
    (_, f) => `{"name": "f${f}", "image": "f.png", "points": ${pts(f === 0 ? "a" : "b")}}`,
  );
  return `{"version": 1, "size": [4, 4], "zeroFrame": "f0", "frames": [${list.join(",")}]}`;
}

describe("a scene with many mismatched points (LIV010)", () => {
  // decision 254
  it("keeps the first findings of the code and counts the rest in one FMT007", () => {
    const r = readScene(mismatchedScene(40, 40));
    const liv = r.diagnostics.filter((d) => d.code === "LIV010");
    // FMT007 is in every reader's code union (decisions 254, 297).
    const capped = r.diagnostics.filter((d) => d.code === "FMT007");
    // 40 frames × 80 findings each = 3,200: the first 1,000 listed, 2,200 counted.
    expect(liv).toHaveLength(FINDINGS_PER_CODE);
    expect(capped).toHaveLength(1);
    expect(capped[0]!.args).toEqual({ code: "LIV010", count: 2200, kept: FINDINGS_PER_CODE });
    expect(capped[0]!.message).toBe(
      "2200 more LIV010 findings are not listed (only the first 1000 of a code are kept)",
    );
  });

  // decision 254
  it("doubling the frames does not double what is kept", () => {
    const size = (frames: number) =>
      readScene(mismatchedScene(40, frames)).diagnostics.reduce((n, d) => n + d.message.length, 0);
    expect(size(80) / size(40)).toBeLessThan(1.1);
  });
});

describe("events no rule reacts to (EVT009)", () => {
  const scene = (rules: number) =>
    readScene(
      `{"version": 1, "size": [4, 4], "zeroFrame": "f0", "frames": [{"name": "f0", "image": "f.png", "points": {}}], "rules": [${Array.from({ length: rules }, (_, k) => `{"event": "e${k}", "story": "f0"}`).join(",")}]}`,
    ).model!;
  const events = (n: number) =>
    readEvents(
      `[${Array.from({ length: n }, (_, k) => `{"atMs": ${k}, "event": "x${k}"}`).join(",")}]`,
    );

  // decision 254
  it("list a few of the scene's names and say how many more", () => {
    const e = events(3);
    const d = checkInputsAgainstScene(e.model!, e.spans!, scene(500));
    expect(d[0]!.message).toBe(
      "no rule of the scene reacts to event 'x0' (its events: e0, e1, e2, e3, e4, e5, e6, e7, e8, e9 and 490 more)",
    );
  });

  // decision 254
  it("doubling the events and the rules at most roughly doubles the findings' text", () => {
    const text = (n: number) => {
      const e = events(n);
      return checkInputsAgainstScene(e.model!, e.spans!, scene(n)).reduce(
        (sum, d) => sum + d.message.length,
        0,
      );
    };
    expect(text(800) / text(400)).toBeLessThan(2.5);
  });
});

/** Inputs whose `atMs` reads are counted in `reads.n`. */
function countedInputs(n: number, reads: { n: number }): ExternalInput[] {
  return Array.from({ length: n }, (_, k) => {
    const at = n - k;
    return {
      event: "e",
      get atMs() {
        reads.n++;
        return at;
      },
    };
  });
}

describe("unsorted events in the player's queue", () => {
  // decision 254
  it("are taken in time order, equal times in the order pushed", () => {
    const q = new InputQueue();
    for (const [atMs, event] of [
      [30, "c"],
      [10, "a"],
      [30, "d"],
      [20, "b"],
    ] as const)
      q.push({ atMs, event });
    expect(q.take(20, new Map()).map((e) => e.name)).toEqual(["a", "b"]);
    q.push({ atMs: 25, event: "late" });
    expect(q.size).toBe(3);
    expect(q.take(100, new Map()).map((e) => e.name)).toEqual(["late", "c", "d"]);
  });

  // decision 254
  it("doubling the events at most roughly doubles the work (reads of their times)", () => {
    const work = (n: number) => {
      const reads = { n: 0 };
      const q = new InputQueue();
      for (const input of countedInputs(n, reads)) q.push(input);
      for (let t = 0; t <= n; t += Math.ceil(n / 50)) q.take(t, new Map());
      q.take(n, new Map());
      expect(q.size).toBe(0);
      return reads.n;
    };
    expect(work(8000) / work(4000)).toBeLessThan(2.6);
  });
});

describe("many rules and events at one tick", () => {
  const rules = (n: number): Rule[] =>
    Array.from({ length: n }, (_, k) => ({
      trigger: { kind: "event", event: `e${k}` },
      story: "s",
      priority: k % 3,
      cooldownMs: 0,
    })) as unknown as Rule[];

  // decision 254
  it("fire the rules of the events delivered, best first, as before", () => {
    const book = new RuleBook(rules(6));
    const events: DeliveredEvent[] = ["e1", "e5", "e3", "e1"].map((name) => ({ name, atMs: 0 }));
    const got = book.triggered({ timeMs: 0, events, signals: new Map(), idleSinceMs: undefined });
    // Priorities: e5 → 2, e1 → 1, e3 → 0.
    expect(got).toEqual([5, 1, 3]);
  });

  // decision 254
  it("doubling the rules and the events at most roughly doubles the work (reads of event names)", () => {
    const work = (n: number) => {
      let reads = 0;
      const events = Array.from({ length: n }, (_, k) => ({
        atMs: 0,
        get name() {
          reads++;
          return `e${k}`;
        },
      }));
      const got = new RuleBook(rules(n)).triggered({
        timeMs: 0,
        events,
        signals: new Map(),
        idleSinceMs: undefined,
      });
      expect(got).toHaveLength(n);
      return reads;
    };
    expect(work(2000) / work(1000)).toBeLessThan(2.6);
  });
});
