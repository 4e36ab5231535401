/**
 * The live scene under the property suites (round trip, never throws, always
 * located), spans parallel to the model, and `updatePoint`'s minimal edit.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  readScene,
  readSceneSyntax,
  type Scene,
  updatePoint,
  writeScene,
} from "../../src/live/index.js";
import { fixture, RUNS } from "../helpers.js";
import { alwaysLocatedSuite, neverThrowsSuite, roundTripSuite } from "../property-suites.js";
import { SCENE_SEEDS, SCENE_UNDER_TEST, sceneArb } from "./formats.js";

roundTripSuite(SCENE_UNDER_TEST, sceneArb);
neverThrowsSuite(SCENE_UNDER_TEST, SCENE_SEEDS);
alwaysLocatedSuite(SCENE_UNDER_TEST, SCENE_SEEDS);

const EXAMPLE = fixture("live/example.scene.json");

describe("spans", () => {
  it("are parallel to the model and each value's span holds its text", () => {
    fc.assert(
      fc.property(sceneArb.map(writeScene), (t) => {
        const { model, spans } = readSceneSyntax(t);
        expect(spans!.frames).toHaveLength(model!.frames.length);
        expect(spans!.rules).toHaveLength(model!.rules.length);
        expect(spans!.signals).toHaveLength(model!.signals.length);
        expect([...spans!.stories.keys()]).toEqual([...model!.stories.keys()]);
        model!.frames.forEach((f, i) => {
          const s = spans!.frames[i]!;
          expect(JSON.parse(t.slice(...s.name))).toBe(f.name);
          for (const [name, p] of f.points) {
            const ps = s.point.get(name)!;
            expect(JSON.parse(t.slice(...ps.key))).toBe(name);
            expect(JSON.parse(t.slice(...ps.value))).toEqual([p.x, p.y]);
          }
        });
      }),
      { numRuns: RUNS },
    );
  });
});

describe("updatePoint", () => {
  it("changes one point's numbers and keeps every other byte", () => {
    const t = updatePoint(EXAMPLE, "smile", "lipMid", 161.25, -3);
    const before = EXAMPLE.split("\n");
    const after = t.split("\n");
    const changed = before.flatMap((l, i) => (l === after[i] ? [] : [[l, after[i]]]));
    expect(changed).toEqual([['        "lipMid": [160, 166],', '        "lipMid": [161.25, -3],']]);
    const m = readScene(t).model!;
    expect(m.frames[1]!.points.get("lipMid")).toEqual({ x: 161.25, y: -3 });
    expect(m.frames[0]!.points.get("lipMid")).toEqual({ x: 160, y: 162 });
  });

  it("keeps the file's own spacing, and works on a scene with errors elsewhere", () => {
    const t =
      '{"version":2,"size":[9,9],"zeroFrame":"a","frames":[{"name":"a","image":"a.png","points":{"p":[ 1 ,\n2 ]}}]}';
    expect(updatePoint(t, "a", "p", 3, 4)).toBe(t.replace("[ 1 ,\n2 ]", "[ 3 ,\n4 ]"));
  });

  it("refuses an unknown frame or point and coordinates that are not finite", () => {
    expect(() => updatePoint(EXAMPLE, "nope", "lipMid", 1, 1)).toThrow(RangeError);
    expect(() => updatePoint(EXAMPLE, "smile", "nope", 1, 1)).toThrow(/no control point 'nope'/);
    expect(() => updatePoint(EXAMPLE, "smile", "lipMid", Number.NaN, 1)).toThrow(/finite/);
    expect(() => updatePoint("not json", "smile", "lipMid", 1, 1)).toThrow(/no key frame/);
  });

  it("on any written scene: the model changes in that point only", () => {
    // Frames with points that are the first of their name (the one updatePoint edits).
    const editable = (s: Scene) =>
      s.frames.filter(
        (f, i) => f.points.size > 0 && s.frames.findIndex((g) => g.name === f.name) === i,
      );
    const cases = sceneArb
      .filter((s) => editable(s).length > 0)
      .chain((s) =>
        fc.tuple(
          fc.constant(s),
          fc.nat(),
          fc.nat(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.integer({ min: -1000, max: 1000 }),
        ),
      );
    fc.assert(
      fc.property(cases, ([scene, fi, pi, x, y]) => {
        const withPoints = editable(scene);
        const frame = withPoints[fi % withPoints.length]!;
        const point = [...frame.points.keys()][pi % frame.points.size]!;
        const t = writeScene(scene);
        const edited = updatePoint(t, frame.name, point, x, y);
        const frames = scene.frames.map((f) =>
          f !== frame
            ? f
            : { ...f, points: new Map(f.points).set(point, { x: x === 0 ? 0 : x, y }) },
        );
        expect(readScene(edited).model).toEqual({ ...scene, frames });
      }),
      { numRuns: RUNS },
    );
  });
});
