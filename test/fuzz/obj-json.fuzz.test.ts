/**
 * Fuzzing of the other bulge-system readers: Wavefront OBJ adopts the
 * never-throws and always-located suites; the span-keeping JSON reader never
 * throws and every span it reports (values, keys, the error) lies inside the
 * text. `npm run fuzz` runs them with many more cases.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OBJ, type PolyMesh, readObj, writeObj } from "../../src/bulge/mesh/index.js";
import { type JsonNode, readJsonSpans } from "../../src/core/json-spans.js";
import { fixture, RUNS } from "../helpers.js";
import { alwaysLocatedSuite, inputsFrom, neverThrowsSuite } from "../property-suites.js";

const QUAD: PolyMesh = {
  positions: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]),
  corners: new Uint32Array([0, 1, 2, 3]),
  faceStart: new Uint32Array([0, 4]),
};
const OBJ_SEEDS = [
  writeObj(QUAD, "a quad"),
  "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvn 0 0 1\nf 1/1/1 2/1/1 -1//1\ng side\nf 1 2 3\n",
];
const OBJ_UNDER_TEST = { name: "OBJ", codes: OBJ, read: readObj };

neverThrowsSuite(OBJ_UNDER_TEST, OBJ_SEEDS);
alwaysLocatedSuite(OBJ_UNDER_TEST, OBJ_SEEDS);

/** Every span of a JSON tree: [start, end] pairs. */
function spans(node: JsonNode, out: [number, number][] = []): [number, number][] {
  out.push([node.span[0], node.span[1]]);
  if (node.kind === "object")
    for (const m of node.members) {
      out.push([m.keySpan[0], m.keySpan[1]]);
      spans(m.value, out);
    }
  else if (node.kind === "array") for (const item of node.items) spans(item, out);
  return out;
}

describe("JSON with spans: fuzz", () => {
  const seeds = fc.oneof(
    fc.constant(fixture("bulge/arm.rig.json")),
    fc.json().map((j) => `\uFEFF${j}`),
    fc.json(),
  );
  it("never throws; every span lies inside the text, start ≤ end", () => {
    fc.assert(
      fc.property(inputsFrom(seeds), (text) => {
        const r = readJsonSpans(text);
        const all = r.root ? spans(r.root) : [];
        if (r.error) all.push([r.error.start, r.error.end]);
        expect(r.root === undefined).toBe(r.error !== undefined);
        for (const [s, e] of all) {
          expect(0 <= s && s <= e && e <= text.length, `span ${s}–${e} of ${text.length}`).toBe(
            true,
          );
        }
      }),
      { numRuns: RUNS },
    );
  });
});
