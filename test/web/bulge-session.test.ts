import { describe, expect, it } from "vitest";
import {
  defaultBulgeTypes,
  type Keypoint,
  readBulgeTypes,
  validateCatalogue,
} from "../../src/bulge/index.js";
import {
  canRemoveKeypoint,
  dragTo,
  MIN_GAP,
  midKeypoint,
  suggestAngle,
  uRange,
  xRange,
} from "../../web/src/bulge/limits.js";
import { BulgeSession, meshPathOf } from "../../web/src/bulge/session.js";

const K: Keypoint[] = [
  [0, 0, 0.01],
  [0.5, 0.5, 0.25],
  [1, 1, 0],
];

describe("section editor limits", () => {
  it("suggests the middle of the widest gap between section angles", () => {
    expect(suggestAngle([])).toBe(0);
    expect(suggestAngle([0])).toBe(180);
    expect(suggestAngle([0, 180])).toBe(90);
    expect(suggestAngle([0, 90, 180])).toBe(270);
    expect(suggestAngle([0, 360, 90])).toBe(225);
    expect(suggestAngle(Array.from({ length: 360 }, (_, i) => i))).toBe(-1);
  });

  it("first and last u are fixed; a middle u stays between its neighbours", () => {
    expect(uRange(K, 0)).toEqual({ min: 0, max: 0 });
    expect(uRange(K, 2)).toEqual({ min: 1, max: 1 });
    expect(uRange(K, 1)).toEqual({ min: MIN_GAP, max: 1 - MIN_GAP });
  });

  // decision 69
  it("a drag past a neighbour stops at the limit and says so", () => {
    expect(dragTo(K, 1, "circle", { u: 1.7 })).toEqual({
      keypoint: [1 - MIN_GAP, 0.5, 0.25],
      limited: ["u"],
    });
    expect(dragTo(K, 1, "circle", { u: -3 }).keypoint[0]).toBe(MIN_GAP);
    expect(dragTo(K, 0, "circle", { u: 0.3 })).toEqual({ keypoint: K[0], limited: ["u"] });
    expect(dragTo(K, 1, "circle", { u: 0.3 })).toEqual({
      keypoint: [0.3, 0.5, 0.25],
      limited: [],
    });
  });

  it("the X icon keeps x between its neighbours' x and y in [-0.5, 0.5]", () => {
    expect(xRange(K, 0)).toEqual({ min: 0, max: 0.5 - MIN_GAP });
    expect(xRange(K, 2)).toEqual({ min: 0.5 + MIN_GAP, max: 1 });
    const r = dragTo(K, 1, "cross", { x: 2, y: -0.9 });
    expect(r.keypoint).toEqual([0.5, 1 - MIN_GAP, -0.5]);
    expect(r.limited).toEqual(["x", "y"]);
    // The circle's u does not move when the X does.
    expect(dragTo(K, 1, "cross", { x: 0.4, y: 0.1 }).keypoint).toEqual([0.5, 0.4, 0.1]);
  });

  it("keypoints are added halfway and only inner ones removed", () => {
    expect(midKeypoint(K, 0)).toEqual([0.25, 0.25, 0.13]);
    expect(midKeypoint(K, 2)).toBeUndefined();
    expect(
      midKeypoint(
        [
          [0, 0, 0],
          [0.001, 0.5, 0],
          [1, 1, 0],
        ],
        0,
      ),
    ).toBeUndefined();
    expect(canRemoveKeypoint(K, 0)).toBe(false);
    expect(canRemoveKeypoint(K, 1)).toBe(true);
    expect(canRemoveKeypoint(K, 2)).toBe(false);
  });
});

function session(): BulgeSession {
  const s = new BulgeSession();
  s.load(defaultBulgeTypes());
  return s;
}

describe("BulgeSession", () => {
  it("every edit is undone and redone; the saved state is known", () => {
    const s = session();
    expect(s.selectCode(5)).toBe(true);
    const original = s.serialize();
    const before = structuredClone(s.current!);
    const live = structuredClone(before);
    live.sections[0]!.keypoints[1] = [0.7, 0.5, 0.25];
    s.setLive(live);
    s.commit(before);
    expect(s.unsaved).toBe(true);
    expect(s.addKeypoint(0)).toBe(true);
    expect(s.current!.sections[0]!.keypoints).toHaveLength(4);
    expect(s.addSection(90)).toBeUndefined();
    expect(s.current!.sections.map((x) => x.angle)).toEqual([0, 90, 180]);
    expect(s.section).toBe(1);
    expect(s.rename("Big")).toBeUndefined();
    expect(s.recode(42)).toBeUndefined();
    expect(validateCatalogue({ bulges: s.bulges, errlog: [] })).toEqual([]);
    for (let i = 0; i < 5; i++) expect(s.undo()).toBe(true);
    expect(s.undo()).toBe(false);
    expect(s.serialize()).toBe(original);
    expect(s.unsaved).toBe(false);
    for (let i = 0; i < 5; i++) expect(s.redo()).toBe(true);
    expect(s.current!.code).toBe(42);
    expect(s.changedCodes()).toEqual([5, 42]);
  });

  it("undo and redo wait while a drag is under way", () => {
    const s = session();
    s.selectCode(5);
    expect(s.addKeypoint(0)).toBe(true);
    s.dragging = true;
    expect(s.undo()).toBe(false);
    expect(s.current!.sections[0]!.keypoints).toHaveLength(4);
    s.dragging = false;
    expect(s.undo()).toBe(true);
    expect(s.current!.sections[0]!.keypoints).toHaveLength(3);
    s.dragging = true;
    expect(s.redo()).toBe(false);
  });

  it("rename and recode refuse taken or malformed values", () => {
    const s = session();
    s.selectCode(5);
    const other = s.bulges.find((d) => d.code !== 5)!;
    expect(s.rename(other.name)?.key).toBe("bulge.nameTaken");
    expect(s.rename('say "hi"')?.key).toBe("bulge.badName");
    expect(s.recode(other.code)?.key).toBe("bulge.codeTaken");
    expect(s.recode(-1)?.key).toBe("bulge.badCode");
    expect(s.recode(1.5)?.key).toBe("bulge.badCode");
    expect(s.addSection(360)?.key).toBe("bulge.angleTaken");
    expect(s.addSection(400)?.key).toBe("bulge.badAngle");
    expect(s.history.canUndo).toBe(false);
  });

  it("a definition keeps one section; add and remove definitions undo", () => {
    const s = session();
    s.selectCode(5);
    expect(s.removeSection()).toBe(true);
    expect(s.removeSection()).toBe(false);
    const n = s.bulges.length;
    s.addDefinition("Bulge");
    expect(s.bulges).toHaveLength(n + 1);
    expect(s.current!.name).toBe("Bulge");
    s.removeDefinition();
    expect(s.bulges).toHaveLength(n);
    s.selectCode(5);
    s.removeDefinition();
    expect(s.bulges.some((d) => d.code === 5)).toBe(false);
    s.undo();
    expect(s.current!.code).toBe(5);
    const text = s.serialize();
    expect(readBulgeTypes(text).model.errlog).toEqual([]);
  });

  // decision 68
  it("saving renumbers lines and clears the error log", () => {
    const s = new BulgeSession();
    s.load(
      'bulge: "A" code: 1\n angle: 0\n 0 0 0\n 1 1 0\nbulge: "B" code: 1\n angle: 0\n 0 0 0\n 1 1 0\n',
    );
    expect(s.errlog).toHaveLength(1);
    expect(s.omitted).toBe(0);
    const text = s.serialize();
    s.markSaved(text);
    expect(s.errlog).toEqual([]);
    expect(s.bulges.map((d) => d.line)).toEqual(
      readBulgeTypes(text).model.bulges.map((d) => d.line),
    );
    expect(s.unsaved).toBe(false);
  });

  // decision 236
  it("a typed keypoint value is applied within its range and refused with the range outside it", () => {
    const s = new BulgeSession();
    s.load(defaultBulgeTypes());
    s.selectCode(5);
    expect(s.setKeypoint(1, 2, 0.3)).toBeUndefined();
    expect(s.current!.sections[0]!.keypoints[1]![2]).toBe(0.3);
    expect(s.setKeypoint(1, 0, 1)).toEqual({
      key: "bulge.keypointRange",
      vars: { what: "u", min: 0.001, max: 0.999 },
    });
    expect(s.setKeypoint(1, 1, Number.NaN)?.key).toBe("bulge.keypointRange");
    expect(s.current!.sections[0]!.keypoints[1]).toEqual([0.5, 0.5, 0.3]);
    s.undo();
    expect(s.unsaved).toBe(false);
  });

  // decision 230
  it("deleting a definition and saving changes no other code (a reassigned one keeps its code)", () => {
    const ok = " angle: 0\n 0 0 0\n 1 1 0\n";
    const s = new BulgeSession();
    s.load(
      `bulge: "A" code: 0${ok}bulge: "B" code: 1${ok}bulge: "X" code: 2${ok}bulge: "C" code: 0${ok}`,
    );
    expect(s.selectCode(2)).toBe(true);
    s.removeDefinition();
    const saved = readBulgeTypes(s.serialize()).model.bulges;
    expect(saved.map((d) => [d.name, d.code])).toEqual([
      ["A", 0],
      ["B", 1],
      ["C", 3],
    ]);
  });
});

describe("the preview's mesh", () => {
  const rig = { version: 1 as const, joints: [] };
  it("is the rig's mesh next to it, or the rig's name with .obj, in the rig's folder", () => {
    expect(meshPathOf({ path: "arm.rig.json", rig })).toBe("arm.obj");
    expect(meshPathOf({ path: "rigs/arm.rig.json", rig })).toBe("rigs/arm.obj");
    expect(meshPathOf({ path: "rigs/arm.rig.json", rig: { ...rig, mesh: "a.obj" } })).toBe(
      "rigs/a.obj",
    );
  });
});
