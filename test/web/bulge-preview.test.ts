import { describe, expect, it } from "vitest";
import {
  type BulgeDefinition,
  bulgeAt,
  compileBulge,
  GENERIC_BULGE,
} from "../../src/bulge/index.js";
import {
  bulgeTint,
  flexRange,
  polarPath,
  polarPoint,
  polarProfile,
  TINT_BASE,
  TINT_HOT,
  vertexNormals,
} from "../../web/src/bulge/preview-math.js";

/** The default catalogue's "Generic": bulging at 0°, flat at 180°. */
const GENERIC: BulgeDefinition = GENERIC_BULGE;

describe("flexRange", () => {
  it("runs from 0 to a quarter past the full angle, at least 90°, in whole 5°", () => {
    expect(flexRange(120)).toEqual({ min: 0, max: 150, step: 1 });
    expect(flexRange(30).max).toBe(90);
    expect(flexRange(140).max).toBe(175);
    expect(flexRange(101).max).toBe(130);
    for (const full of [1, 45, 90, 120, 170, 180])
      expect(flexRange(full).max).toBeGreaterThanOrEqual(full);
  });
  // decision 227
  it("never passes the joint's limits: 180° without them, the rig's max with them", () => {
    expect(flexRange(180).max).toBe(180);
    expect(flexRange(300).max).toBe(180);
    expect(flexRange(120, [0, 100])).toEqual({ min: 0, max: 100, step: 1 });
    expect(flexRange(undefined, [-30, 60]).max).toBe(60);
  });
  it("falls back to 90° without a usable full angle", () => {
    for (const bad of [undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(flexRange(bad).max).toBe(90);
  });
});

describe("polarProfile", () => {
  const c = compileBulge(GENERIC);
  it("reads Generic's ring at u = 0.5 as the engine does: 0.25, 0.125, 0, 0.125", () => {
    const p = polarProfile(c, 0.5, 4);
    expect(p[0]).toBeCloseTo(0.25, 12);
    expect(p[1]).toBeCloseTo(0.125, 12);
    expect(p[2]).toBeCloseTo(0, 12);
    expect(p[3]).toBeCloseTo(0.125, 12);
  });
  it("agrees with bulgeAt at every sampled angle", () => {
    const n = 37;
    const p = polarProfile(c, 0.3, n);
    const out = new Float64Array(2);
    const tmp = new Float64Array(2);
    for (let k = 0; k < n; k++) {
      bulgeAt(c, 0.3, (2 * Math.PI * k) / n, out, tmp);
      expect(p[k]).toBe(out[1]);
    }
  });
  it("takes the peak over u, keeping the sign of a hollow", () => {
    const p = polarProfile(c, "peak", 4);
    expect(p[0]).toBeCloseTo(0.25, 12);
    expect(p[2]).toBe(0);
    const hollow = compileBulge({
      sections: [
        {
          angle: 90,
          keypoints: [
            [0, 0, 0.1],
            [0.4, 0.4, -0.3],
            [1, 1, 0],
          ],
        },
      ],
    });
    const q = polarProfile(hollow, "peak", 8);
    for (const v of q) expect(v).toBeCloseTo(-0.3, 12);
  });
  it("clamps u to the bone and is flat for a definition without sections", () => {
    expect([...polarProfile(c, 7, 4)]).toEqual([...polarProfile(c, 1, 4)]);
    expect([...polarProfile(compileBulge({ sections: [] }), "peak", 6)]).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
  });
});

describe("polarPath", () => {
  const frame = { cx: 10, cy: 20, base: 60, gain: 80 };
  it("puts angle 0 up and 90° to the left (counter-clockwise), at base + gain · amount · y", () => {
    const d = polarPath([0.25, 0.5, 0, 0], frame);
    expect(d).toBe("M10.00 -60.00L-90.00 20.00L10.00 80.00L70.00 20.00Z");
    const [x, y] = polarPoint(frame, 90, 10);
    expect(x).toBeCloseTo(0, 12);
    expect(y).toBeCloseTo(20, 12);
  });
  it("is the bone's surface at amount 0 and never crosses the centre", () => {
    expect(polarPath([0.4, -0.2], frame, 0)).toBe("M10.00 -40.00L10.00 80.00Z");
    expect(polarPath([-1], frame)).toBe("M10.00 20.00Z");
    expect(polarPath([], frame)).toBe("");
  });
});

describe("vertexNormals", () => {
  it("gives unit, area-weighted normals and zero for a vertex on no triangle", () => {
    // Two triangles folded along the x axis: one in z = 0 (normal +z), one in y = 0 (normal −y), half its area.
    const positions = [0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 1, 5, 5, 5];
    const out = vertexNormals(positions, [0, 1, 2, 0, 1, 3], new Float32Array(15));
    expect([...out.slice(6, 9)]).toEqual([0, 0, 1]);
    expect([...out.slice(9, 12)]).toEqual([0, -1, 0]);
    const [x, y, z] = out.slice(0, 3);
    expect(Math.hypot(x!, y!, z!)).toBeCloseTo(1, 6);
    expect(z! / -y!).toBeCloseTo(2, 5);
    expect([...out.slice(12)]).toEqual([0, 0, 0]);
  });
});

describe("bulgeTint", () => {
  it("is the skin where nothing moved, hot at the reach and beyond, halfway at half of it", () => {
    const rest = [0, 0, 0, 1, 1, 1, 2, 2, 2];
    const bulged = [0, 0, 0, 1, 1.05, 1, 2.3, 2, 2];
    const out = bulgeTint(rest, bulged, 0.1, new Float32Array(9));
    expect([...out.slice(0, 3)]).toEqual([...Float32Array.from(TINT_BASE)]);
    for (let c = 0; c < 3; c++) {
      expect(out[3 + c]).toBeCloseTo((TINT_BASE[c]! + TINT_HOT[c]!) / 2, 6);
      expect(out[6 + c]).toBeCloseTo(TINT_HOT[c]!, 6);
    }
  });
  it("stays the skin colour with no reach", () => {
    const out = bulgeTint([0, 0, 0], [1, 0, 0], 0, new Float32Array(3));
    expect([...out]).toEqual([...Float32Array.from(TINT_BASE)]);
  });
});
