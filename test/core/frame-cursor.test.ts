import { describe, expect, it } from "vitest";
import { FrameCursor, lerpArrays } from "../../src/core/frame-cursor.js";

describe("FrameCursor", () => {
  it("finds the interval and blend, clamps at the ends, and follows playback", () => {
    const c = new FrameCursor(Float64Array.of(0, 1, 3, 4));
    expect(c.seek(2)).toMatchObject({ i0: 1, i1: 2, alpha: 0.5 });
    expect(c.seek(3.5)).toMatchObject({ i0: 2, i1: 3, alpha: 0.5 });
    expect(c.seek(0.25)).toMatchObject({ i0: 0, i1: 1, alpha: 0.25 });
    expect(c.seek(-1)).toMatchObject({ i0: 0, i1: 0, alpha: 0 });
    expect(c.seek(9)).toMatchObject({ i0: 3, i1: 3, alpha: 0 });
    expect(new FrameCursor(Float64Array.of(5)).seek(7)).toMatchObject({ i0: 0, i1: 0, alpha: 0 });
  });
});

describe("lerpArrays", () => {
  it("blends the first count entries and leaves the rest", () => {
    const out = Float32Array.of(9, 9, 9, 9);
    lerpArrays([0, 10, 20], [10, 30, 40], 0.25, out, 3);
    expect([...out]).toEqual([2.5, 15, 25, 9]);
    lerpArrays([1, 2], [5, 6], 0, out, 2);
    expect([...out]).toEqual([1, 2, 25, 9]);
  });
});
