/**
 * A rig's check is bounded (issue 23, item 4): findings are capped per code
 * while collecting, and a parent that is unknown or listed later is told
 * without scanning every joint. Work is counted (reads of joint names), never timed.
 */
import { describe, expect, it } from "vitest";
import type { Joint, Rig } from "../../src/bulge/rig/model.js";
import { validateRig } from "../../src/bulge/rig/validate.js";
import { FINDINGS_PER_CODE } from "../../src/core/diagnostics.js";

/** `n` joints, each naming the next as its parent (listed after it); `reads.n` counts reads of names. */
function rig(n: number, reads: { n: number }, name = (k: number) => `j${k}`): Rig {
  const joints = Array.from({ length: n }, (_, k): Joint => {
    const own = name(k);
    return {
      get name() {
        reads.n++;
        return own;
      },
      parent: `j${k + 1}`,
      head: [0, 0, 0],
      tail: [1, 0, 0],
      axis: [0, 1, 0],
      radius: 1,
      flexAxis: [0, 0, 1],
    };
  });
  return { version: 1, joints };
}

describe("a rig with many joints", () => {
  // decision 254
  it("doubling the joints at most roughly doubles the work (parents looked up in a set)", () => {
    const work = (n: number) => {
      const reads = { n: 0 };
      validateRig(rig(n, reads));
      return reads.n;
    };
    expect(work(4000) / work(2000)).toBeLessThan(2.6);
  });

  // decision 254
  it("keeps the first findings of a code and counts the rest in one FMT007", () => {
    const d = validateRig(rig(3000, { n: 0 }, () => ""));
    const empty = d.filter((x) => x.code === "RIG015");
    expect(empty).toHaveLength(FINDINGS_PER_CODE);
    const capped = d.filter((x) => x.code === "FMT007");
    expect(capped.map((x) => x.args?.code)).toEqual(["RIG015", "RIG007"]);
    expect(capped[0]!.args).toEqual({ code: "RIG015", count: 2000, kept: FINDINGS_PER_CODE });
  });
});
