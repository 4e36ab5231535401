/**
 * The mesh view's two shown attribute slots and the staged one: when playback
 * crosses into the next frame interval the frame staged ahead is shown and
 * no frame is uploaded whole (counted through `frameUploads` and the slots'
 * upload counts, not time), and the
 * blend of the two slots is the frames' linear interpolation whichever slot
 * holds which frame. A streamed source gives the same picture once its
 * frames arrive.
 */
import type * as THREE from "three";
import { describe, expect, it } from "vitest";
import { FrameCursor } from "../../src/core/frame-cursor.js";
import { AgrFrameCache, openAgrStream, writeAgrBinary } from "../../src/mixed/agr/index.js";
import { meshAloneScene } from "../../src/mixed/sample/index.js";
import { memoryFrames, streamedFrames } from "../../web/src/mixed/frame-source.js";
import { type MeshSettings, MeshView } from "../../web/src/mixed/mesh-view.js";
import { TimedSlicer } from "../../web/src/mixed/upload-slices.js";
import { PlaybackClock } from "../../web/src/shell/clock.js";
import { columnAgr } from "../mixed/agr-stream-helpers.js";

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
const settings = (): MeshSettings => ({
  scalarParam: 0,
  exaggeration: 1,
  colormap: "viridis",
  rangeMode: "frame",
  fixedMin: 0,
  fixedMax: 1,
});

/** Node `i`'s blended scalar as the shader computes it: mix(val0, val1, uAlpha). */
function shown(view: MeshView, i: number): number {
  const g = view.object.geometry;
  const a = view.object.material.uniforms.uAlpha!.value as number;
  const v0 = (g.getAttribute("val0") as THREE.BufferAttribute).array[i]!;
  const v1 = (g.getAttribute("val1") as THREE.BufferAttribute).array[i]!;
  return v0 * (1 - a) + v1 * a;
}

describe("MeshView slots", () => {
  const m = columnAgr(3, 12);
  const variant = meshAloneScene("c.agr", m).bodies[0]!.variants[0]!;

  it("uploads one frame per interval crossed, and blends correctly", () => {
    const view = new MeshView(variant, memoryFrames(m));
    const cursor = new FrameCursor(m.times);
    const s = settings();
    view.update(cursor.seek(0.05), IDENTITY, s);
    expect(view.frameUploads).toBe(2);
    let crossings = 0;
    let last = cursor.i0;
    for (let t = 0.05; t < 1.1; t += 0.025) {
      view.update(cursor.seek(t), IDENTITY, s);
      if (cursor.i0 !== last) crossings++;
      last = cursor.i0;
      // Value = frame + node/1000, linear in time between frames.
      const expected = (1 - cursor.alpha) * cursor.i0 + cursor.alpha * cursor.i1 + 7 / 1000;
      expect(shown(view, 7)).toBeCloseTo(expected, 4);
    }
    expect(crossings).toBe(10);
    expect(view.frameUploads).toBe(2 + crossings);
    // decision 320
    // Each crossing shows a frame staged ahead of it (no whole upload after the first two), and
    // every frame's positions and values (4 floats a node) were handed to the GPU once, and
    // frame 0 once more, staged at the last frame for the wrap (decision 351).
    expect(view.slots.wholeUploads).toBe(1);
    expect(view.slots.uploadedElements).toBe(13 * 4 * m.nodeCount);
    view.dispose();
  });

  // decision 351
  it("refills the slots only on a jump: one frame whole, the other staged", () => {
    const view = new MeshView(variant, memoryFrames(m));
    const cursor = new FrameCursor(m.times);
    const s = settings();
    view.update(cursor.seek(0.15), IDENTITY, s);
    // This small mesh's second frame fits one slice: shown in the same animation frame.
    expect(view.frameUploads).toBe(2);
    expect(view.holding).toBe(false);
    expect(shown(view, 7)).toBeCloseTo(1.5 + 7 / 1000, 4);
    view.update(cursor.seek(0.85), IDENTITY, s);
    expect(view.frameUploads).toBe(4);
    expect(view.slots.wholeUploads).toBe(2);
    view.update(cursor.seek(0.86), IDENTITY, s);
    expect(view.frameUploads).toBe(4);
    view.dispose();
  });

  // decision 423
  it("after a seek shows the frames at t, not the frame after them alone", () => {
    const view = new MeshView(variant, memoryFrames(m));
    const cursor = new FrameCursor(m.times);
    const s = settings();
    // Frames 3 and 4, then the crossing to 4 and 5 puts frame 5 in the first slot.
    view.update(cursor.seek(0.35), IDENTITY, s);
    view.update(cursor.seek(0.45), IDENTITY, s);
    expect([...view.slots.state.frames]).toEqual([5, 4]);
    // A seek to 6.2 frames: frame 6 is not shown, frame 5 (before it) is, but this is no crossing.
    view.update(cursor.seek(0.62), IDENTITY, s);
    expect(shown(view, 7)).toBeCloseTo(6.2 + 7 / 1000, 4);
    expect(view.holding).toBe(false);
    view.dispose();
  });

  // decision 351
  it("playing slower than its slices, holds on the last frame staged and never uploads one whole", () => {
    // Slices of 8 elements, 1 ms each on a fake clock, a 2 ms budget: a frame (64 elements)
    // takes 4 animation frames, and 50 ms animation frames cross a 0.1 s interval every 2.
    const ms = { now: 0 };
    const slicer = new TimedSlicer(2, () => ms.now, 8, 8);
    const gl = {
      createBuffer: () => ({}) as WebGLBuffer,
      bindBuffer: () => undefined,
      bufferData: () => undefined,
      bufferSubData: () => {
        ms.now += 1;
      },
    };
    const view = new MeshView(variant, memoryFrames(m), gl, slicer);
    const cursor = new FrameCursor(m.times);
    const s = settings();
    let pending: (() => void) | null = null;
    const clock = new PlaybackClock({
      mode: "free",
      start: m.times[0]!,
      end: m.times[m.times.length - 1]!,
      source: {
        now: () => ms.now,
        request: (f) => {
          pending = f;
          return () => {
            pending = null;
          };
        },
      },
    });
    clock.hold = () => view.playLimit(cursor, clock.end);
    let held = 0;
    let wrapped = false;
    let last = 0;
    clock.changed.add((t) => {
      view.update(cursor.seek(t), IDENTITY, s);
      // The picture is the frames' blend at the clock's time, held or not.
      const expected = (1 - cursor.alpha) * cursor.i0 + cursor.alpha * cursor.i1 + 7 / 1000;
      expect(shown(view, 7)).toBeCloseTo(expected, 4);
      if (view.waiting) held++;
      if (t < last) wrapped = t === clock.start;
      last = t;
    });
    clock.seek(clock.start);
    clock.play();
    for (let k = 0; k < 200 && !wrapped; k++) {
      ms.now += 50;
      const f = pending as (() => void) | null;
      pending = null;
      f?.();
    }
    expect(wrapped).toBe(true);
    expect(held).toBeGreaterThan(10);
    // Only frame 0 at the start was uploaded whole: every crossing, the wrap included, was staged.
    expect(view.slots.wholeUploads).toBe(1);
    expect(view.frameUploads).toBeGreaterThanOrEqual(13);
    view.dispose();
  });

  // decision 15
  it("takes the colour range from the two frames around t, the whole animation, or the user", () => {
    const view = new MeshView(variant, memoryFrames(m));
    const cursor = new FrameCursor(m.times);
    const range = (rangeMode: MeshSettings["rangeMode"]) => {
      view.update(cursor.seek(0.45), IDENTITY, {
        ...settings(),
        rangeMode,
        fixedMin: -2,
        fixedMax: 3,
      });
      return { ...view.range };
    };
    // Value = frame + node/1000: frames 4 and 5 around t = 0.45, frames 0 … 11 in all.
    const frame = range("frame");
    expect(frame.min).toBeCloseTo(4, 4);
    expect(frame.max).toBeGreaterThan(5);
    expect(frame.max).toBeLessThan(6);
    const all = range("all");
    expect(all.min).toBeCloseTo(0, 4);
    expect(all.max).toBeGreaterThan(11);
    expect(range("fixed")).toEqual({ min: -2, max: 3 });
    view.dispose();
  });

  it("shows a streamed mesh's frames once they arrive, one upload per crossing", async () => {
    const bytes = writeAgrBinary(m);
    const read = async (o: number, l: number) => bytes.slice(o, o + l);
    const { header, model } = await openAgrStream(read, bytes.length);
    const cache = new AgrFrameCache(header!, read, { budgetBytes: 4 * 16 * m.nodeCount });
    const streamed = meshAloneScene("c.agr", model!).bodies[0]!.variants[0]!;
    const view = new MeshView(streamed, streamedFrames(cache));
    expect(view.streamed).toBe(true);
    const cursor = new FrameCursor(m.times);
    const s = settings();
    for (let f = 0; f < 11; f++) {
      const t = f * 0.1 + 0.05;
      view.update(cursor.seek(t), IDENTITY, s);
      await new Promise((r) => setTimeout(r, 1));
      view.update(cursor.seek(t), IDENTITY, s);
      expect(shown(view, 3)).toBeCloseTo(f + 0.5 + 3 / 1000, 4);
      expect(cache.peakBytes).toBeLessThanOrEqual(cache.budgetBytes);
    }
    expect(view.frameUploads).toBe(12);
    // The colour range grew with the frames seen.
    expect(view.range.max).toBeCloseTo(11 + (m.nodeCount - 1) / 1000, 4);
    view.dispose();
  });
});
