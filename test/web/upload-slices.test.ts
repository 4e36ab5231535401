/**
 * The staged upload of the next frame (issue 22, decision 320): the slices
 * of a plan cover its buffers exactly (no gap, no overlap, never spanning two
 * buffers), the budget spreads what remains over the animation frames left
 * before the crossing, and the staged set is swapped in only when complete —
 * a crossing before then uploads the rest first, and the frame shown is the
 * staged one in full.
 */
import * as THREE from "three";
import { describe, expect, it } from "vitest";
import { scalarAt, vectorAt } from "../../src/mixed/agr/index.js";
import { FrameSlots } from "../../web/src/mixed/frame-slots.js";
import {
  type Slice,
  SlicePlan,
  StagedSlots,
  sliceBudget,
} from "../../web/src/mixed/upload-slices.js";
import { columnAgr } from "../mixed/agr-stream-helpers.js";

/** Marks every element the slices cover; fails on an overlap or a slice across buffers. */
function cover(lengths: number[], slices: Slice[]): Uint8Array[] {
  const seen = lengths.map((n) => new Uint8Array(n));
  for (const s of slices) {
    expect(s.count).toBeGreaterThan(0);
    expect(s.start + s.count).toBeLessThanOrEqual(lengths[s.buffer]!);
    for (let i = s.start; i < s.start + s.count; i++) {
      expect(seen[s.buffer]![i]).toBe(0);
      seen[s.buffer]![i] = 1;
    }
  }
  return seen;
}

describe("slice plan", () => {
  it("covers its buffers exactly, whatever the budgets", () => {
    for (const lengths of [[30, 10], [7], [0, 5, 0, 3], [1, 1, 1]]) {
      for (const budgets of [[4], [1], [3, 11, 2], [1000], [0.5, 2.7]]) {
        const plan = new SlicePlan(lengths);
        const slices: Slice[] = [];
        let k = 0;
        let rounds = 0;
        while (!plan.complete) {
          const before = plan.remaining;
          const b = budgets[k++ % budgets.length]!;
          const got = plan.take(b);
          const n = got.reduce((s, x) => s + x.count, 0);
          // At most the budget, and at least one element while any remain.
          expect(n).toBeLessThanOrEqual(Math.max(1, Math.floor(b)));
          expect(n).toBeGreaterThan(0);
          expect(plan.remaining).toBe(before - n);
          slices.push(...got);
          expect(++rounds).toBeLessThan(200);
        }
        expect(plan.remaining).toBe(0);
        expect(plan.take(10)).toEqual([]);
        for (const s of cover(lengths, slices)) expect(s.every((x) => x === 1)).toBe(true);
      }
    }
  });

  it("spreads what remains over the animation frames left, at least the minimum", () => {
    // 0.1 of the interval per animation frame at alpha 0.2: 8 left, one kept in hand.
    expect(sliceBudget(700, 0.2, 0.1, 10)).toBe(100);
    expect(sliceBudget(700, 0.2, 0.1, 500)).toBe(500);
    expect(sliceBudget(30, 0.2, 0.1, 500)).toBe(30);
    // The last animation frame before the crossing: everything left.
    expect(sliceBudget(700, 0.85, 0.1, 10)).toBe(700);
    // No advance known (paused, a jump, a new interval): the minimum.
    expect(sliceBudget(700, 0.5, 0, 10)).toBe(10);
    expect(sliceBudget(700, 0.5, -0.2, 10)).toBe(10);
  });
});

describe("staged slots", () => {
  it("swap the staged set in only when its plan is complete", () => {
    const s = new StagedSlots();
    s.frames[0] = 0;
    s.frames[1] = 1;
    expect(s.swapInto(0)).toBe(false);
    s.stage(2, [6, 2]);
    s.plan.take(5);
    expect(s.swapInto(0)).toBe(false);
    expect(s.shown).toEqual([0, 1]);
    expect(s.frames).toEqual([0, 1]);
    s.plan.take(3);
    expect(s.swapInto(0)).toBe(true);
    // The staged set is shown; the one it replaced is staged next.
    expect(s.shown).toEqual([2, 1]);
    expect(s.staging).toBe(0);
    expect(s.frames).toEqual([2, 1]);
    expect(s.stagedFrame).toBe(-1);
  });

  it("show the staged frame in full when the crossing comes before its last slice", () => {
    const m = columnAgr(40, 4);
    const g = new THREE.BufferGeometry();
    // 64 bytes a slice: a frame (16 bytes a node) takes many animation frames.
    const slots = new FrameSlots(m, g, 64);
    const params = [
      { vector: true, param: 0 },
      { vector: false, param: 0 },
    ];
    const frame = (f: number) => [vectorAt(m, 0, f), scalarAt(m, 0, f)];
    slots.place(0, 0, params, frame(0));
    slots.place(1, 1, params, frame(1));
    const staged = g.getAttribute("pos2") as THREE.BufferAttribute;
    const ranges: { start: number; count: number }[] = [];
    for (let k = 0; k < 5; k++) {
      slots.stage(2, params, frame(2), 0, 0.1 * k);
      ranges.push(...staged.updateRanges.splice(0));
    }
    expect(slots.state.stagedFrame).toBe(2);
    expect(slots.state.plan.complete).toBe(false);
    expect(slots.slices).toBeGreaterThan(1);
    expect(g.getAttribute("pos1")).not.toBe(staged);
    // The crossing: the rest is handed out now, then the staged set is shown.
    slots.place(0, 2, params, frame(2));
    ranges.push(...staged.updateRanges.splice(0));
    expect(g.getAttribute("pos0")).toBe(staged);
    expect(staged.array).toEqual(frame(2)[0]);
    expect(slots.state.frames).toEqual([2, 1]);
    expect(slots.wholeUploads).toBe(2);
    const positions = cover(
      [3 * m.nodeCount],
      ranges.map((r) => ({ buffer: 0, ...r })),
    );
    expect(positions[0]!.every((x) => x === 1)).toBe(true);
    expect(slots.uploadedElements).toBe(3 * 4 * m.nodeCount);
  });

  // decision 321
  it("hold the frame before while a reached staged frame is incomplete, then show it whole", () => {
    const m = columnAgr(40, 4);
    const g = new THREE.BufferGeometry();
    // 64 to 256 bytes an animation frame; paused (no advance), the minimum.
    const slots = new FrameSlots(m, g, 64, 256);
    const params = [
      { vector: true, param: 0 },
      { vector: false, param: 0 },
    ];
    const frame = (f: number) => [vectorAt(m, 0, f), scalarAt(m, 0, f)];
    slots.place(0, 0, params, frame(0));
    slots.place(1, 1, params, frame(1));
    slots.stage(2, params, frame(2), 0, 0.5);
    const pos1 = g.getAttribute("pos1");
    // Playback crossed into frame 2 from frame 1: frame 1 stays shown, nothing swaps.
    expect(slots.place(0, 2, params, frame(2), true)).toBe(false);
    expect(slots.state.frames).toEqual([0, 1]);
    expect(g.getAttribute("pos1")).toBe(pos1);
    let ticks = 1;
    while (!slots.state.plan.complete) {
      const before = slots.uploadedElements;
      slots.stage(2, params, [], 1, 0);
      // Each animation frame hands out at most the maximum.
      expect(slots.uploadedElements - before).toBeLessThanOrEqual(256 / 4);
      expect(++ticks).toBeLessThan(100);
    }
    expect(ticks).toBe(Math.ceil((16 * m.nodeCount) / 64));
    expect(slots.place(0, 2, params, frame(2), true)).toBe(true);
    expect(slots.state.frames).toEqual([2, 1]);
    expect(slots.wholeUploads).toBe(2);
    expect(slots.uploadedElements).toBe(3 * 4 * m.nodeCount);
  });
});
