import { describe, expect, it } from "vitest";
import { PlaybackClock, type TimeSource } from "../../web/src/shell/clock.js";

/** A time source the test advances by hand; each `frame(ms)` moves time and runs the pending callback. */
class FakeFrames implements TimeSource {
  ms = 0;
  private pending: (() => void) | null = null;
  now(): number {
    return this.ms;
  }
  request(f: () => void): () => void {
    this.pending = f;
    return () => {
      if (this.pending === f) this.pending = null;
    };
  }
  frame(ms: number): void {
    this.ms += ms;
    const f = this.pending;
    this.pending = null;
    f?.();
  }
  get waiting(): boolean {
    return this.pending !== null;
  }
}

describe("PlaybackClock, free mode", () => {
  it("advances by real time × speed and reports each change", () => {
    const src = new FakeFrames();
    const clock = new PlaybackClock({ mode: "free", start: 0, end: 3, source: src });
    const seen: number[] = [];
    clock.changed.add((t) => seen.push(t));
    clock.play();
    src.frame(100);
    src.frame(100);
    expect(clock.time).toBeCloseTo(0.2, 9);
    clock.speed = 2;
    src.frame(100);
    expect(clock.time).toBeCloseTo(0.4, 9);
    expect(seen).toHaveLength(3);
  });

  it("loops past the end, or stops there without loop", () => {
    const src = new FakeFrames();
    const clock = new PlaybackClock({ mode: "free", start: 1, end: 2, source: src, maxStep: 10 });
    clock.seek(1.9);
    clock.play();
    src.frame(300);
    expect(clock.time).toBeCloseTo(1.2, 9);
    clock.loop = false;
    clock.seek(1.9);
    src.frame(300);
    expect(clock.time).toBe(2);
    expect(clock.playing).toBe(false);
    expect(src.waiting).toBe(false);
    // Playing again from the end starts over.
    clock.play();
    expect(clock.time).toBe(1);
  });

  it("a long pause between frames (hidden tab) moves at most maxStep", () => {
    const src = new FakeFrames();
    const clock = new PlaybackClock({ mode: "free", start: 0, end: 100, source: src });
    clock.play();
    src.frame(60_000);
    expect(clock.time).toBeCloseTo(0.25, 9);
  });

  it("seek clamps, pause stops the frames, dispose drops listeners", () => {
    const src = new FakeFrames();
    const clock = new PlaybackClock({ mode: "free", start: 0, end: 3, source: src });
    const states: boolean[] = [];
    clock.playingChanged.add((p) => states.push(p));
    clock.seek(-5);
    expect(clock.time).toBe(0);
    clock.seek(Number.NaN);
    expect(clock.time).toBe(0);
    clock.toggle();
    clock.toggle();
    expect(states).toEqual([true, false]);
    src.frame(100);
    expect(clock.time).toBe(0);
    let calls = 0;
    clock.changed.add(() => calls++);
    clock.dispose();
    clock.seek(1);
    expect(calls).toBe(0);
  });
});

// decision 351
describe("PlaybackClock, held", () => {
  it("never passes its hold, never goes back, and wraps onto the start exactly", () => {
    const src = new FakeFrames();
    const clock = new PlaybackClock({ mode: "free", start: 0, end: 2, source: src });
    let cap = 0.5;
    clock.hold = () => cap;
    clock.play();
    for (let k = 0; k < 10; k++) src.frame(100);
    // Held at 0.5 (a frame not staged yet) although a second went by.
    expect(clock.time).toBe(0.5);
    expect(clock.playing).toBe(true);
    cap = 0.3;
    src.frame(100);
    expect(clock.time).toBe(0.5);
    cap = Number.POSITIVE_INFINITY;
    src.frame(100);
    expect(clock.time).toBeCloseTo(0.6, 9);
    // At the end, held until the wrap is allowed; then on the first frame exactly.
    clock.seek(1.95);
    cap = 2;
    src.frame(100);
    src.frame(100);
    expect(clock.time).toBe(2);
    cap = Number.POSITIVE_INFINITY;
    src.frame(100);
    expect(clock.time).toBe(0);
  });
});

describe("PlaybackClock, ticks mode", () => {
  it("ticks at 20 Hz by default, at multiples of its own period however uneven the frames", () => {
    const src = new FakeFrames();
    const clock = new PlaybackClock({ mode: "ticks", start: 0, end: Infinity, source: src });
    expect(clock.rateHz).toBe(20);
    const ticks: number[] = [];
    clock.ticked.add((k) => ticks.push(k));
    clock.play();
    // 16.7 ms frames: ticks fall due at 50, 100, 150 … ms, never drifting.
    for (let i = 0; i < 60; i++) src.frame(1000 / 60);
    expect(ticks).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(clock.time).toBeCloseTo(1, 9);
    // Uneven frames: 49 ms is not yet a tick, 1 ms more is.
    src.frame(49);
    expect(ticks).toHaveLength(20);
    src.frame(1);
    expect(ticks).toHaveLength(21);
    src.frame(125);
    expect(ticks.slice(21)).toEqual([22, 23]);
  });

  it("delivers missed ticks up to maxCatchUp, then re-anchors", () => {
    const src = new FakeFrames();
    const clock = new PlaybackClock({
      mode: "ticks",
      start: 0,
      end: Infinity,
      rateHz: 10,
      maxCatchUp: 5,
      source: src,
    });
    const ticks: number[] = [];
    clock.ticked.add((k) => ticks.push(k));
    clock.play();
    src.frame(10_000);
    expect(ticks).toEqual([1, 2, 3, 4, 5]);
    src.frame(100);
    expect(ticks).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("seeks snap to the tick grid; speed shortens the period; the end loops or stops", () => {
    const src = new FakeFrames();
    const clock = new PlaybackClock({ mode: "ticks", start: 0, end: 0.2, rateHz: 20, source: src });
    clock.seek(0.123);
    expect(clock.time).toBeCloseTo(0.1, 12);
    clock.speed = 2;
    clock.play();
    src.frame(25);
    expect(clock.time).toBeCloseTo(0.15, 12);
    src.frame(25);
    expect(clock.time).toBeCloseTo(0.2, 12);
    src.frame(25);
    expect(clock.time).toBe(0);
    clock.loop = false;
    clock.seek(0.2);
    src.frame(25);
    expect(clock.playing).toBe(false);
    expect(clock.time).toBeCloseTo(0.2, 12);
  });
});
