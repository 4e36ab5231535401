/**
 * The improved in-between on two threads (src/node/live-threads.ts): the
 * worker's band joined to this thread's gives the one-thread bytes.
 */
import { describe, expect, it } from "vitest";
import { benchFace } from "../../bench/live-face.js";
import { ImprovedMorph } from "../../src/live/improved/index.js";
import { nextSplit, SPIN_MS, spinWhile, TwoThreadMorph } from "../../src/node/live-threads.js";

// decision 360
describe("TwoThreadMorph", () => {
  // decision 396
  it("gives the one-thread in-between's bytes and points, in-between after in-between", async () => {
    const { k, l } = benchFace(320, 240);
    const one = new ImprovedMorph(k, l);
    // 320 × 240: cells of 8 pixels, 40 a row. A measured split, a row's, and one part of the
    // way along the eyes' row of cells.
    for (const split of [undefined, 64, { cell: 13 * 40 + 17 }]) {
      const two = await TwoThreadMorph.open(k, l, split);
      try {
        if (split === undefined) {
          expect(two.split).toBeGreaterThan(0);
          expect(two.split).toBeLessThan(40 * 30);
        } else expect(two.split).toBe(typeof split === "number" ? 8 * 40 : split.cell);
        for (const t of [0.05, 0.5, 0.5, 0.95, 0.3]) {
          one.prepare(t);
          const want = Uint8Array.from(one.render().data);
          const got = two.inbetween(t);
          expect([got.width, got.height]).toEqual([320, 240]);
          expect(Buffer.compare(Buffer.from(got.data), Buffer.from(want)), `t = ${t}`).toBe(0);
          expect(two.points).toEqual(one.points);
        }
      } finally {
        await two.close();
      }
    }
  });

  // decision 398
  it("polls a control word a while before sleeping: true when it changed, false after SPIN_MS", () => {
    const control = new Int32Array(new SharedArrayBuffer(16));
    control[1] = 5;
    expect(spinWhile(control, 1, 4)).toBe(true);
    const start = performance.now();
    expect(spinWhile(control, 1, 5)).toBe(false);
    expect(performance.now() - start).toBeGreaterThanOrEqual(SPIN_MS);
  });

  // decision 397
  it("keeps the bytes while its split moves, by a cell per in-between at most", async () => {
    const { k, l } = benchFace(320, 240);
    const one = new ImprovedMorph(k, l);
    // This thread makes the first row of cells only: it waits for the worker every time.
    const two = await TwoThreadMorph.open(k, l, { cell: 40 });
    try {
      for (let i = 0; i < 12; i++) {
        const t = 0.1 + 0.07 * i;
        one.prepare(t);
        const want = Buffer.from(one.render().data);
        expect(Buffer.compare(Buffer.from(two.inbetween(t).data), want), `t = ${t}`).toBe(0);
      }
      // A cell each in-between at most, either way: which way depends on which thread the
      // machine's load held (nextSplit's rule is checked below without threads).
      expect(Math.abs(two.split - 40)).toBeLessThanOrEqual(12);
    } finally {
      await two.close();
    }
  });

  // decision 397
  it("moves the split a cell towards the thread that waited, and keeps it inside", () => {
    expect(nextSplit(40, 0.5, 100)).toBe(41);
    expect(nextSplit(40, -1, 100)).toBe(39);
    expect(nextSplit(40, 0.01, 100)).toBe(40);
    expect(nextSplit(99, 3, 100)).toBe(99);
    expect(nextSplit(1, -1, 100)).toBe(1);
  });

  it("refuses a split that is not a multiple of 16 inside the picture", async () => {
    const { k, l } = benchFace(320, 240);
    for (const split of [0, 40, 240]) {
      await expect(TwoThreadMorph.open(k, l, split)).rejects.toThrow(/not a multiple of 16/);
    }
  });
});
