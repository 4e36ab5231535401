/**
 * The staged upload of the next frame (issue 22, decisions 320, 351, 352):
 * the slices of a plan cover its buffers exactly (no gap, no overlap, never
 * spanning two buffers), an animation frame's slices fit a budget of
 * main-thread time measured per slice (a fake clock here: no timed
 * assertion), and the staged set is swapped in only when complete — a
 * crossing before then holds the frame before, never uploads it whole.
 */
import * as THREE from "three";
import { describe, expect, it } from "vitest";
import { scalarAt, vectorAt } from "../../src/mixed/agr/index.js";
import { FrameSlots, type SlotGl } from "../../web/src/mixed/frame-slots.js";
import {
  type Slice,
  SlicePlan,
  StagedSlots,
  TimedSlicer,
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
});

/** A clock the uploads advance: `perElement` ms an element, plus `stall` ms on slice `stallAt`. */
function fakeUploads(perElement: number, stallAt = -1, stall = 0) {
  const clock = { ms: 0 };
  const sizes: number[] = [];
  const upload = (s: Slice) => {
    clock.ms += s.count * perElement + (sizes.length === stallAt ? stall : 0);
    sizes.push(s.count);
  };
  return { clock, sizes, upload, now: () => clock.ms };
}

// decision 352
describe("time-budgeted slices", () => {
  it("size each slice from the rate measured and stop at the budget", () => {
    // 1000 elements a ms: an 8 ms budget holds about 8000 elements, after a first slice of 64.
    const f = fakeUploads(0.001);
    const slicer = new TimedSlicer(8, f.now, 64, 1 << 20);
    const plan = new SlicePlan([100_000]);
    const frames: number[] = [];
    while (!plan.complete) {
      const start = f.clock.ms;
      slicer.run(plan, f.upload);
      frames.push(f.clock.ms - start);
      expect(frames.length).toBeLessThan(100);
    }
    expect(f.sizes[0]).toBe(64);
    // Each slice at most twice the one before (no leap on one lucky reading).
    for (let k = 1; k < f.sizes.length; k++)
      expect(f.sizes[k]!).toBeLessThanOrEqual(2 * Math.max(f.sizes[k - 1]!, 64));
    // Every animation frame within the budget (the rate is exact here), and the plan out in 13–14 frames.
    for (const ms of frames) expect(ms).toBeLessThanOrEqual(8.01);
    expect(frames.length).toBeLessThanOrEqual(14);
    expect(f.sizes.reduce((a, b) => a + b, 0)).toBe(100_000);
  });

  it("shrink the next slices at once after a slow one, and overrun by that slice only", () => {
    const f = fakeUploads(0.001, 6, 20);
    const slicer = new TimedSlicer(8, f.now, 64, 1 << 20);
    const plan = new SlicePlan([1_000_000]);
    const frames: number[] = [];
    for (let k = 0; k < 6; k++) {
      const start = f.clock.ms;
      slicer.run(plan, f.upload);
      frames.push(f.clock.ms - start);
    }
    // The stalled slice (20 ms) ends its animation frame; later frames are back within the budget.
    const stalled = frames.findIndex((ms) => ms > 8);
    expect(stalled).toBeGreaterThanOrEqual(0);
    expect(frames[stalled]!).toBeLessThan(8 + 20 + 8);
    for (const ms of frames.slice(stalled + 1)) expect(ms).toBeLessThanOrEqual(8.01);
    expect(f.sizes[7]!).toBeLessThan(f.sizes[6]!);
  });

  it("a timer reading 0 counts as 0.1 ms, and a slice is at most the maximum", () => {
    const clock = { ms: 0 };
    const slicer = new TimedSlicer(8, () => clock.ms, 10, 500);
    const plan = new SlicePlan([10_000]);
    const sizes: number[] = [];
    // The timer moves only between animation frames: every slice reads 0 ms.
    slicer.run(plan, (s) => {
      sizes.push(s.count);
      if (sizes.length > 20) clock.ms += 100;
    });
    expect(Math.max(...sizes)).toBeLessThanOrEqual(500);
    expect(slicer.rate).toBeGreaterThan(0);
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

  // decision 351
  it("hold the frame before while a reached staged frame is incomplete, never upload it whole", () => {
    const m = columnAgr(40, 4);
    const g = new THREE.BufferGeometry();
    const gl = recordingGl();
    // 1 ms a slice on the fake clock, 8 elements a slice, a 2 ms budget: two slices an animation frame.
    const clock = { ms: 0 };
    const slots = new FrameSlots(m, g, gl.gl, new TimedSlicer(2, () => clock.ms, 8, 8));
    const params = [
      { vector: true, param: 0 },
      { vector: false, param: 0 },
    ];
    const frame = (f: number) => [vectorAt(m, 0, f), scalarAt(m, 0, f)];
    slots.place(0, 0, params, frame(0));
    slots.place(1, 1, params, frame(1));
    expect(slots.wholeUploads).toBe(2);
    gl.calls.length = 0;
    gl.onUpload = () => {
      clock.ms += 1;
    };
    slots.stage(2, params, frame(2));
    const pos1 = g.getAttribute("pos1");
    // Playback crossed into frame 2 from frame 1: frame 1 stays shown, nothing swaps or uploads whole.
    expect(slots.place(0, 2, params, frame(2), true)).toBe(false);
    expect(slots.state.frames).toEqual([0, 1]);
    expect(g.getAttribute("pos1")).toBe(pos1);
    let ticks = 1;
    while (!slots.state.plan.complete) {
      const before = slots.uploadedElements;
      slots.stage(2, params, []);
      // Two 1 ms slices fill the 2 ms budget.
      expect(slots.uploadedElements - before).toBeLessThanOrEqual(16);
      expect(++ticks).toBeLessThan(100);
    }
    expect(slots.place(0, 2, params, frame(2), true)).toBe(true);
    expect(slots.state.frames).toEqual([2, 1]);
    expect(slots.wholeUploads).toBe(2);
    // The staged set is shown with frame 2's values, every element uploaded once, in slices.
    expect((g.getAttribute("pos0") as THREE.BufferAttribute).array).toEqual(frame(2)[0]);
    const byBuffer = new Map<WebGLBuffer, Slice[]>();
    for (const c of gl.calls) {
      const list = byBuffer.get(c.buffer) ?? [];
      list.push({ buffer: 0, start: c.start, count: c.count });
      byBuffer.set(c.buffer, list);
    }
    const covered = [...byBuffer.values()].map((sl) =>
      cover([sl.reduce((a, b) => a + b.count, 0)], sl),
    );
    expect(covered.map((c) => c[0]!.length).sort((a, b) => a - b)).toEqual([
      m.nodeCount,
      3 * m.nodeCount,
    ]);
    for (const c of covered) expect(c[0]!.every((x) => x === 1)).toBe(true);
    expect(slots.uploadedElements).toBe(3 * 4 * m.nodeCount);
  });
});

// decision 353
describe("slices after a draw", () => {
  it("wait until the GPU has finished the draw before them (a status read, never a wait)", () => {
    const m = columnAgr(40, 4);
    const rec = recordingGl();
    let signalled = false;
    const fences: object[] = [];
    const gl = {
      ...rec.gl,
      fenceSync: () => {
        const f = {};
        fences.push(f);
        return f as WebGLSync;
      },
      getSyncParameter: () => (signalled ? 0x9119 : 0x9118),
      deleteSync: () => undefined,
    } as SlotGl;
    const clock = { ms: 0 };
    rec.onUpload = () => {
      clock.ms += 1;
    };
    const slots = new FrameSlots(
      m,
      new THREE.BufferGeometry(),
      gl,
      new TimedSlicer(2, () => clock.ms, 8, 8),
    );
    const params = [
      { vector: true, param: 0 },
      { vector: false, param: 0 },
    ];
    const frame = (f: number) => [vectorAt(m, 0, f), scalarAt(m, 0, f)];
    slots.place(0, 0, params, frame(0));
    slots.place(1, 1, params, frame(1));
    slots.stage(2, params, frame(2));
    const first = slots.uploadedElements;
    // Two whole frames at open, then this animation frame's slices.
    expect(first).toBeGreaterThan(2 * 4 * m.nodeCount);
    slots.drawn();
    expect(fences).toHaveLength(1);
    // The GPU is still drawing: no slice, however many animation frames go by.
    for (let k = 0; k < 5; k++) slots.stage(2, params, []);
    expect(slots.uploadedElements).toBe(first);
    expect(slots.gpuBusySkips).toBe(5);
    signalled = true;
    slots.stage(2, params, []);
    expect(slots.uploadedElements).toBeGreaterThan(first);
  });
});

/** A WebGL stand-in that records each bufferSubData as (buffer, start element, count). */
function recordingGl() {
  let bound: WebGLBuffer | null = null;
  const out = {
    calls: [] as { buffer: WebGLBuffer; start: number; count: number }[],
    onUpload: (): void => undefined,
    gl: {} as SlotGl,
  };
  out.gl = {
    createBuffer: () => ({}) as WebGLBuffer,
    bindBuffer: (_t: number, b: WebGLBuffer | null) => {
      bound = b;
    },
    bufferData: () => undefined,
    bufferSubData: (_t: number, offset: number, data: ArrayBufferView, src = 0, length = 0) => {
      const n = length || (data as Float32Array).length;
      out.calls.push({ buffer: bound!, start: offset / 4, count: n });
      expect(src).toBe(offset / 4);
      out.onUpload();
    },
  } as unknown as SlotGl;
  return out;
}
