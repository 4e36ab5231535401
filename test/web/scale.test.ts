import { describe, expect, it } from "vitest";
import { niceStep, roundOutward, tickFormat, tickValues } from "../../web/src/shell/scale.js";
import { stepFrame } from "../../web/src/shell/timeline.js";

describe("niceStep", () => {
  it("is the smallest 1, 2 or 5 × 10^k not below x", () => {
    expect(niceStep(0.043)).toBe(0.05);
    expect(niceStep(0.05)).toBe(0.05);
    expect(niceStep(0.011)).toBe(0.02);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.0000001)).toBe(2);
    expect(niceStep(3e-7)).toBe(5e-7);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(niceStep(bad)).toBe(1);
  });
});

describe("tickFormat", () => {
  const shape = (s: string) => {
    const m = /^-?\d+(?:\.(\d+))?(e-?\d+)?$/.exec(s);
    return m ? `${m[1]?.length ?? 0}${m[2] ?? ""}` : `bad ${s}`;
  };

  it("gives every tick of a scale the same decimals or exponent", () => {
    for (const [lo, hi] of [
      [0, 0.00231],
      [293, 573],
      [0, 0.0005],
      [-1.5e5, 2e5],
      [1e-7, 3e-6],
      [0.99, 1.01],
      [-2, 2],
    ] as const) {
      const f = tickFormat(lo, hi);
      const labels = tickValues(lo, hi).map(f);
      expect(new Set(labels.map(shape)).size, labels.join(" ")).toBe(1);
      // Neighbouring ticks stay apart.
      expect(new Set(labels).size, labels.join(" ")).toBe(5);
    }
  });

  it("matches the old ends the tests rely on and never prints -0", () => {
    expect(tickFormat(0, 0.0005)(0.0005)).toBe("5.00e-4");
    expect(tickFormat(293, 573)(293)).toBe("293");
    expect(tickFormat(-1, 1)(-0.0000001)).toBe("0.00");
    expect(tickFormat(0, 0)(0)).toBe("0");
  });
});

describe("stepFrame", () => {
  const frames = [0, 0.01, 0.02, 0.03];
  it("steps to the next or previous frame time", () => {
    expect(stepFrame(frames, 0, 1)).toBe(1);
    expect(stepFrame(frames, 0.015, 1)).toBe(2);
    expect(stepFrame(frames, 0.015, -1)).toBe(1);
    expect(stepFrame(frames, 0.01, -1)).toBe(0);
    expect(stepFrame(frames, 0.03, 1)).toBe(3);
    expect(stepFrame(frames, 0, -1)).toBe(0);
    expect(stepFrame([], 0, 1)).toBe(-1);
  });
});

describe("roundOutward", () => {
  // decision 158
  it("shortens a range's ends to 4 significant digits without cutting the range", () => {
    expect(roundOutward(0.0023143284, 4, true)).toBe(0.002315);
    expect(roundOutward(0.0023143284, 4, false)).toBe(0.002314);
    expect(roundOutward(-0.0023143284, 4, false)).toBe(-0.002315);
    expect(roundOutward(-0.0023143284, 4, true)).toBe(-0.002314);
    expect(roundOutward(573.26, 4, true)).toBe(573.3);
    expect(roundOutward(99996, 4, true)).toBe(100000);
  });

  it("keeps values that are already short, zero and non-finite values", () => {
    expect(roundOutward(293, 4, false)).toBe(293);
    expect(roundOutward(0.3, 4, true)).toBe(0.3);
    expect(roundOutward(0.1 + 0.2, 4, false)).toBe(0.3);
    expect(roundOutward(0, 4, true)).toBe(0);
    expect(roundOutward(Number.NaN, 4, true)).toBeNaN();
  });
});
