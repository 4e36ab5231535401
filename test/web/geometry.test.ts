import { describe, expect, it } from "vitest";
import { NEUTRAL_BOX, rigidGeometry } from "../../web/src/mixed/geometry.js";

describe("rigid body geometry", () => {
  // decision 14
  it("draws a body without geometry as a neutral 20 mm box", () => {
    expect(NEUTRAL_BOX).toBe(0.02);
    const g = rigidGeometry({ kind: "none" });
    g.computeBoundingBox();
    const size = g.boundingBox!.max.clone().sub(g.boundingBox!.min);
    for (const side of size.toArray()) expect(side).toBeCloseTo(0.02, 6);
    expect(g.type).toBe("BoxGeometry");
  });
});
