/** The rig format: located errors for each code, the model, the writer, codes against a catalogue. */
import { describe, expect, it } from "vitest";
import { readBulgeTypes } from "../../src/bulge/catalogue/index.js";
import { rigFromGltf } from "../../src/bulge/gltf/index.js";
import {
  checkReassignedCodes,
  checkRigCodes,
  jointsUsingCode,
  RIG,
  readRig,
  rigsUsingCode,
  uncheckedCodes,
  writeRig,
} from "../../src/bulge/rig/index.js";
import { fixture, where } from "../helpers.js";

const ARM = fixture("bulge/arm.rig.json");

/** Every code a test below saw reported. */
const seen = new Set<string>();

/** The arm fixture with its second joint's members replaced by `patch` (JSON text of members). */
function armWith(patch: Record<string, unknown>, joint = 1): string {
  const rig = JSON.parse(ARM) as { joints: Record<string, unknown>[] };
  Object.assign(rig.joints[joint]!, patch);
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete rig.joints[joint]![k];
  return JSON.stringify(rig, null, 2);
}

/** Codes and positions of a read of `text`. */
function found(text: string): string[] {
  const r = readRig(text);
  for (const d of r.diagnostics) seen.add(d.code);
  return where(r.diagnostics, text);
}

/** The one code reported for `text`, and that its span covers `needle`. */
function only(text: string, code: string, needle: string): void {
  const r = readRig(text);
  for (const d of r.diagnostics) seen.add(d.code);
  expect(r.diagnostics.map((d) => d.code)).toEqual([code]);
  expect(text.slice(r.diagnostics[0]!.start, r.diagnostics[0]!.end)).toBe(needle);
}

describe("the arm fixture", () => {
  it("reads without findings into the model", () => {
    const r = readRig(ARM);
    expect(r.diagnostics).toEqual([]);
    expect(r.model!.joints.map((j) => [j.name, j.parent, j.bulge?.code])).toEqual([
      ["shoulder", null, undefined],
      ["elbow", "shoulder", 5],
    ]);
    expect(r.model!.joints[1]!.bulge).toEqual({ code: 5, fullAngle: 120, scale: 1 });
    expect(jointsUsingCode(r.model!, 5)).toEqual(["elbow"]);
  });

  it("rigsUsingCode: rigs whose joints use the code, and rigs that could not be read", () => {
    const rig = readRig(ARM).model!;
    const rigs = [
      { path: "a.rig.json", rig },
      { path: "bad.rig.json", rig: undefined },
    ];
    expect(rigsUsingCode(rigs, 5)).toEqual([
      { path: "a.rig.json", joints: ["elbow"] },
      { path: "bad.rig.json", joints: [] },
    ]);
    expect(rigsUsingCode(rigs.slice(0, 1), 6)).toEqual([]);
  });

  it("writes back to the same text and model", () => {
    const r = readRig(ARM);
    expect(writeRig(r.model!)).toBe(ARM);
  });

  // decision 60
  it("scale defaults to 1 and a root may omit its parent", () => {
    const r = readRig(armWith({ bulge: { code: 5, fullAngle: 90 } }));
    expect(r.model!.joints[1]!.bulge!.scale).toBe(1);
    const root = readRig(armWith({ parent: undefined }, 0));
    expect(root.diagnostics).toEqual([]);
    expect(root.model!.joints[0]!.parent).toBeNull();
  });
});

describe("diagnostics, each located at its value", () => {
  it("RIG001: not JSON, with where and what was expected", () => {
    expect(found('{"version": 1,\n  "joints": [}')).toEqual(["RIG001@2:14"]);
    expect(readRig('{"version": 1,\n  "joints": [}').diagnostics[0]!.message).toContain(
      "expected a value, found '}'",
    );
  });
  it("RIG001: nesting is bounded (no recursion on input depth)", () => {
    const r = readRig(`${"[".repeat(100_000)}`);
    expect(r.diagnostics[0]!.message).toContain("nesting deeper than 256");
  });
  it("RIG002: the rig is an object", () => {
    only("[1]\n", "RIG002", "[1]");
  });
  it("RIG002: a vector has three numbers", () => {
    only(armWith({ head: [0.3, 0] }), "RIG002", "[\n        0.3,\n        0\n      ]");
  });
  it("RIG003: a required member is missing", () => {
    expect(found(armWith({ radius: undefined }))).toEqual(["RIG003@30:5"]);
    expect(readRig(armWith({ radius: undefined })).model!.joints).toHaveLength(1);
  });
  it("RIG004: an unknown member is a warning", () => {
    const r = readRig(armWith({ colour: "red" }));
    seen.add("RIG004");
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["RIG004", "warning"]]);
  });
  it("RIG005: version 1 only", () => {
    only(ARM.replace('"version": 1', '"version": 2'), "RIG005", "2");
  });
  it("RIG006: joint names are unique", () => {
    only(armWith({ name: "shoulder", parent: null }), "RIG006", '"shoulder"');
  });
  it("RIG007: a parent is a joint listed before", () => {
    only(armWith({ parent: "wrist" }), "RIG007", '"wrist"');
    only(armWith({ parent: "elbow" }, 0), "RIG007", '"elbow"');
  });
  it("RIG008: the bone has a length", () => {
    only(
      armWith({ tail: [0.3, 0, 0] }),
      "RIG008",
      "[\n        0.3,\n        0,\n        0\n      ]",
    );
  });
  it("RIG009: the reference axis is not along the bone", () => {
    only(armWith({ axis: [2, 0, 0] }), "RIG009", "[\n        2,\n        0,\n        0\n      ]");
  });
  it("RIG010: the radius is > 0", () => {
    only(armWith({ radius: 0 }), "RIG010", "0");
  });
  it("RIG011: the flex axis is not zero", () => {
    only(
      armWith({ flexAxis: [0, 0, 0] }),
      "RIG011",
      "[\n        0,\n        0,\n        0\n      ]",
    );
  });
  it("RIG012: the bulge code is an integer ≥ 0", () => {
    only(armWith({ bulge: { code: 1.5, fullAngle: 90, scale: 1 } }), "RIG012", "1.5");
  });
  // decision 60
  it("RIG013: the full-bulge angle is in (0, 180]", () => {
    only(armWith({ bulge: { code: 5, fullAngle: 0, scale: 1 } }), "RIG013", "0");
  });
  it("RIG014: the scale is not negative", () => {
    only(armWith({ bulge: { code: 5, fullAngle: 90, scale: -1 } }), "RIG014", "-1");
  });
  it("RIG015: a joint has a name", () => {
    only(armWith({ name: "" }), "RIG015", '""');
  });
  it("RIG016: a rig without joints is a warning", () => {
    only('{"version": 1, "joints": []}\n', "RIG016", '{"version": 1, "joints": []}');
  });
  it("RIG017: a member given twice", () => {
    only(ARM.replace('"version": 1,', '"version": 1, "version": 1,'), "RIG017", '"version"');
  });
  it("RIG020: a code the catalogue does not define", () => {
    const r = readRig(ARM);
    const d = checkRigCodes(r.model!, new Set([1, 2]), "misc_data/bulge_types", r.spans);
    for (const x of d) seen.add(x.code);
    expect(where(d, ARM)).toEqual(["RIG020@22:26"]);
    expect(d[0]!.message).toBe(
      "joint 'elbow': bulge code 5 is not defined in misc_data/bulge_types",
    );
    expect(checkRigCodes(r.model!, new Set([5]), "x")).toEqual([]);
  });
  // decision 227
  it("RIG030: flex limits hold the rest pose, within -180…180, min < max", () => {
    for (const limits of [
      [10, 90],
      [-90, -10],
      [0, 200],
      [30, 30],
    ]) {
      only(
        armWith({ limits }),
        "RIG030",
        `[\n        ${limits[0]},\n        ${limits[1]}\n      ]`,
      );
    }
    only(armWith({ limits: [0] }), "RIG002", "[\n        0\n      ]");
    const ok = readRig(armWith({ limits: [0, 145] }));
    expect(ok.diagnostics).toEqual([]);
    expect(ok.model!.joints[1]!.limits).toEqual([0, 145]);
  });
  it('RIG031: a bulge unit is "bone" or "radius"; both round-trip with limits', () => {
    only(armWith({ bulge: { code: 5, fullAngle: 90, scale: 1, unit: "cm" } }), "RIG031", '"cm"');
    const r = readRig(
      armWith({ limits: [-10, 150], bulge: { code: 5, fullAngle: 90, scale: 1, unit: "radius" } }),
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.model!.joints[1]!.bulge).toEqual({ code: 5, fullAngle: 90, scale: 1, unit: "radius" });
    const text = writeRig(r.model!);
    expect(text).toContain('"limits": [-10, 150]');
    expect(text).toContain('"bulge": { "code": 5, "fullAngle": 90, "scale": 1, "unit": "radius" }');
    expect(readRig(text).model).toEqual(r.model);
  });
  // decision 233
  it("RIG021: a code the catalogue reassigned (a warning naming the written code)", () => {
    const r = readRig(ARM);
    const cat = readBulgeTypes(
      `bulge: "A" code: 5 angle: 0 0 0 0 1 1 0\nbulge: "C" code: 5 angle: 0 0 0 0 1 1 0\n`,
    );
    const moved = readRig(ARM.replace('"code": 5', '"code": 0'));
    const d = checkReassignedCodes(moved.model!, cat.model.errlog, "bt", moved.spans);
    for (const x of d) seen.add(x.code);
    expect(d.map((x) => [x.code, x.severity])).toEqual([["RIG021", "warning"]]);
    expect(d[0]!.message).toBe(
      `joint 'elbow': bulge code 0 is "C", written with code 5 on line 2 of bt and reassigned; write 0 there so that no edit can move it`,
    );
    expect(checkReassignedCodes(r.model!, cat.model.errlog, "bt")).toEqual([]);
  });
  // decision 233
  it("RIG022, RIG023: no catalogue, or none readable: the codes are not checked (warnings)", () => {
    const r = readRig(ARM);
    const missing = uncheckedCodes(r.model!, { status: "missing", path: "m/b" }, r.spans);
    const broken = uncheckedCodes(
      r.model!,
      { status: "unreadable", path: "m/b", reason: "a folder" },
      r.spans,
    );
    for (const x of [...missing, ...broken]) seen.add(x.code);
    expect(where([...missing, ...broken], ARM)).toEqual(["RIG022@22:26", "RIG023@22:26"]);
    expect(broken[0]!.args).toEqual({ catalogue: "m/b", reason: "a folder" });
    const plain = readRig(armWith({ bulge: undefined }));
    expect(uncheckedCodes(plain.model!, { status: "missing", path: "" })).toEqual([]);
  });
  // decision 261, decision 292
  it("RIG040-RIG045: rig from-gltf's findings (no skin, a renamed joint, no bone length, no weighted vertex, flex axes)", () => {
    const at = (x: number, y: number, z: number) =>
      Float64Array.of(1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z);
    const nodes = [
      { name: "A", parent: -1, local: at(0, 0, 0), world: at(0, 0, 0) },
      { name: "A", parent: 0, local: at(0, 1, 0), world: at(0, 1, 0) },
      { name: "", parent: 1, local: at(0, 0, 0), world: at(0, 1, 0) },
    ];
    const none = rigFromGltf({ nodes, skins: [], meshes: [], animations: [] });
    expect(none.rig).toBeUndefined();
    const skin = { name: "s", joints: Int32Array.of(0, 1, 2), inverseBind: new Float64Array(36) };
    // Node 1 is turned 40° about its local z by the clip "Bend"; the others by no clip.
    const h = Math.sin((20 * Math.PI) / 180);
    const bend = Float32Array.of(0, 0, 0, 1, 0, 0, h, Math.cos((20 * Math.PI) / 180));
    const rotations = [{ clip: 0, node: 1, rest: [0, 0, 0, 1] as const, values: bend }];
    const made = rigFromGltf({ nodes, skins: [skin], meshes: [], animations: ["Bend"], rotations });
    const found = [...none.diagnostics, ...made.diagnostics];
    for (const d of found) seen.add(d.code);
    expect(found.map((d) => [d.code, d.start, d.message])).toEqual([
      ["RIG040", 20, "the glTF has no skin: there is no skeleton to make a rig from"],
      ["RIG041", 20, "node 'A' of the skin is the rig's joint 'A #2'"],
      ["RIG041", 20, "node #2 of the skin is the rig's joint 'joint 2'"],
      [
        "RIG042",
        20,
        "joint 'A #2': no child joint away from its head; its tail is placed along its local +Y",
      ],
      [
        "RIG044",
        20,
        "joint 'A #2': flex axis from clip 'Bend' (2 keys; up to 40° about it): local +Z",
      ],
      [
        "RIG045",
        20,
        "flex axis local +X (no clip bends the joint by more than 5°) for 2 joints: 'A', 'joint 2'",
      ],
      ["RIG043", 20, "joint 'A': no vertex is weighted mostly to it; radius ¼ of its bone"],
      ["RIG043", 20, "joint 'A #2': no vertex is weighted mostly to it; radius ¼ of its bone"],
      ["RIG043", 20, "joint 'joint 2': no vertex is weighted mostly to it; radius ¼ of its bone"],
    ]);
    const rig = made.rig!;
    expect(rig.joints.map((j) => [j.name, j.parent])).toEqual([
      ["A", null],
      ["A #2", "A"],
      ["joint 2", "A #2"],
    ]);
    expect(rig.joints[1]!.tail).toEqual([0, 1.5, 0]);
    expect(rig.joints.map((j) => j.flexAxis.map((v) => Math.round(v * 1e6) / 1e6))).toEqual([
      [1, 0, 0],
      [0, 0, 1],
      [1, 0, 0],
    ]);
    expect(readRig(writeRig(rig)).diagnostics).toEqual([]);
  });
  it("every code of the table is exercised above", () => {
    expect(
      Object.values(RIG)
        .filter((k) => !seen.has(k.code))
        .map((k) => k.code),
    ).toEqual([]);
  });
});
