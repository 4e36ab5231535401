import { describe, expect, it } from "vitest";
import {
  AMB,
  ambInfo,
  type MbsAnimation,
  placementAt,
  readAmb,
  validateAmb,
  writeAmbBinary,
  writeAmbText,
} from "../../src/mixed/amb/index.js";
import { ambArb } from "../arbitraries.js";
import { AMB_BINARY, AMB_TEXT } from "../formats.js";
import { expectSameAmb, fixture, lineCol, pos, where } from "../helpers.js";
import { expectLocated, roundTripSuite } from "../property-suites.js";

const crank = fixture("amb/slider-crank.amb");

function model(text: string): MbsAnimation {
  const r = readAmb(text);
  expect(r.diagnostics).toEqual([]);
  return r.model!;
}

describe(".amb fixture", () => {
  it("reads bodies, times and placements", () => {
    const m = model(crank);
    expect(m.bodies).toEqual([
      { number: 1, name: "crank", geometry: { kind: "cylinder", radius: 0.02, length: 0.1 } },
      { number: 2, name: "rod", geometry: { kind: "box", size: [0.3, 0.02, 0.01] } },
      { number: 49, name: "slider", geometry: { kind: "sphere", radius: 0.05 } },
    ]);
    expect(Array.from(m.times)).toEqual([0, 0.05, 0.1]);
    expect(Array.from(placementAt(m, 1, 1))).toEqual([
      0.96, 0.28, 0, 0.08, -0.28, 0.96, 0, 0.06, 0, 0, 1, 0,
    ]);
    expect(validateAmb(m)).toEqual([]);
  });

  it("round-trips text → model → binary → model → text exactly; binary arrays are views", () => {
    const a = model(crank);
    const bin = writeAmbBinary(a);
    expect(Array.from(bin.subarray(0, 8))).toEqual([0x89, 0x41, 0x4d, 0x42, 13, 10, 0x1a, 10]);
    const r = readAmb(bin);
    expect(r.encoding).toBe("binary");
    expect(r.diagnostics).toEqual([]);
    expectSameAmb(a, r.model!);
    expect(r.model!.matrices.buffer).toBe(bin.buffer);
    expect(r.model!.times.buffer).toBe(bin.buffer);
    expect(writeAmbText(r.model!)).toBe(writeAmbText(a));
    expectSameAmb(a, model(writeAmbText(a)));
    const shifted = new Uint8Array(bin.length + 1).fill(0);
    shifted.set(bin, 1);
    expectSameAmb(a, readAmb(shifted.subarray(1)).model!);
  });

  it("ambInfo summarises bodies, frame count and first/last time", () => {
    const info = ambInfo(model(crank));
    expect(info).toEqual({
      bodies: [
        { number: 1, name: "crank", geometry: { kind: "cylinder", radius: 0.02, length: 0.1 } },
        { number: 2, name: "rod", geometry: { kind: "box", size: [0.3, 0.02, 0.01] } },
        { number: 49, name: "slider", geometry: { kind: "sphere", radius: 0.05 } },
      ],
      frames: 3,
      times: [0, 0.1],
      duration: 0.1,
    });
  });
});

const crankBinary = () => writeAmbBinary(model(crank));
function patched(edit: (dv: DataView, bytes: Uint8Array) => void): Uint8Array {
  const bin = crankBinary();
  edit(new DataView(bin.buffer), bin);
  return bin;
}

describe(".amb diagnostics: every code, at the right place", () => {
  const tooMany = `DEFORMA-AMB 1\nbodies 1\n1 a none\nframes 10\n${"frame 1\n1 x x x x x x x x x x x x\n".repeat(10)}`;
  const text: [string, string, string][] = [
    [AMB.badMagic.code, "DEFORMA-AGR 1\n", "1:1"],
    [AMB.badVersion.code, crank.replace("AMB 1", "AMB 0"), "1:13"],
    [AMB.unexpectedEnd.code, crank.slice(0, crank.indexOf("frame 0.1")), "end"],
    [AMB.expectedKeyword.code, crank.replace("frames 3", "fremes 3"), pos(crank, "frames")],
    [AMB.badInteger.code, crank.replace("bodies 3", "bodies x"), "2:8"],
    [AMB.badReal.code, crank.replace("0.8 -0.6", "0.8x -0.6"), pos(crank, "0.8 -0.6")],
    [AMB.trailing.code, `${crank}1\n`, `${crank.split("\n").length}:1`],
    [AMB.finalNewline.code, crank.trimEnd(), "end"],
    [AMB.tooManyErrors.code, tooMany, "20:21"],
    [AMB.unknownGeometry.code, crank.replace("sphere 0.05", "ball 0.05"), pos(crank, "sphere")],
    [AMB.bodyNumber.code, crank.replace("49 slider", "0 slider"), pos(crank, "49 slider")],
    [AMB.duplicateBody.code, crank.replace("49 slider", "2 slider"), pos(crank, "49 slider")],
    [AMB.bodyOrder.code, crank.replace("49 1 0 0 0.4", "48 1 0 0 0.4"), pos(crank, "49 1 0 0 0.4")],
    [AMB.badName.code, crank.replace("rod", "r".repeat(256)), pos(crank, "rod")],
    [AMB.geometrySize.code, crank.replace("sphere 0.05", "sphere -0.05"), pos(crank, "sphere")],
    [AMB.badTimes.code, crank.replace("frame 0.1", "frame 0.05"), pos(crank, "frame 0.1", 0, 6)],
    [AMB.noFrames.code, `${crank.slice(0, crank.indexOf("frames"))}frames 0\n`, "6:8"],
    [AMB.notRotation.code, crank.replace("1 0.8 -0.6", "1 0.8 -0.5"), pos(crank, "1 0.8 -0.6")],
  ];
  for (const [code, source, at] of text) {
    it(`${code} (text) at ${at}`, () => {
      const r = readAmb(source);
      const expected = at === "end" ? lineCol(source, source.length) : at;
      expect(where(r.diagnostics, source)).toContain(`${code}@${expected}`);
      expectLocated(r.diagnostics, AMB, source);
    });
  }

  const binary: [string, () => Uint8Array, number][] = [
    [AMB.badVersion.code, () => patched((dv) => dv.setUint32(8, 2, true)), 8],
    [AMB.unexpectedEnd.code, () => crankBinary().subarray(0, 200), 200],
    [AMB.nonFinite.code, () => patched((dv) => dv.setFloat64(168 + 96, Number.NaN, true)), 264],
    [AMB.badSize.code, () => patched((_, b) => (b[37] = 200)), 37],
    [AMB.reserved.code, () => patched((dv) => dv.setUint32(24, 1, true)), 24],
    [AMB.unknownGeometry.code, () => patched((_, b) => (b[36] = 9)), 36],
    [AMB.bodyNumber.code, () => patched((dv) => dv.setUint32(32, 0, true)), 32],
    [AMB.trailing.code, () => Uint8Array.from([...crankBinary(), 0]), 1032],
  ];
  for (const [code, make, at] of binary) {
    it(`${code} (binary) at byte ${at}`, () => {
      const bytes = make();
      const r = readAmb(bytes);
      expect(r.encoding).toBe("binary");
      expect(r.diagnostics.map((d) => `${d.code}@${d.start}`)).toContain(`${code}@${at}`);
      expectLocated(r.diagnostics, AMB, bytes, r.text);
    });
  }

  it(`${AMB.shape.code} for in-memory models`, () => {
    const m = model(crank);
    expect(validateAmb({ ...m, matrices: new Float64Array(5) }).map((d) => d.code)).toEqual([
      AMB.shape.code,
    ]);
  });

  it("every code of the table is exercised above", () => {
    const seen = new Set([...text.map((t) => t[0]), ...binary.map((b) => b[0]), AMB.shape.code]);
    seen.add(AMB.textTooLarge.code); // below
    for (const k of Object.values(AMB)) expect(seen.has(k.code), k.code).toBe(true);
  });
});

describe(".amb sizes and placements: one run of reals, one recovery rule", () => {
  it("a file that ends inside a body's sizes says so once", () => {
    const text = "DEFORMA-AMB 1\nbodies 1\n1 a box";
    expect(where(readAmb(text).diagnostics, text)).toEqual(["AMB003@3:8", "AMB008@3:8"]);
  });

  it("a keyword where a size is due ends the sizes, and the file is not misread after it", () => {
    const text = "DEFORMA-AMB 1\nbodies 2\n1 a box 1 frames 1\n";
    const r = readAmb(text);
    expect(where(r.diagnostics, text)).toEqual(["AMB006@3:11"]);
    expect(r.diagnostics[0]!.message).toBe("expected the y size of body 1, found 'frames'");
  });

  // decision 33
  it("a bad entry of a placement is unknown (NaN), not a made-up 0", () => {
    const text = crank.replace("0.8 -0.6", "0.8x -0.6");
    const r = readAmb(text);
    expect(Array.from(r.model!.matrices).filter(Number.isNaN)).toHaveLength(1);
    expect(r.diagnostics.map((d) => d.code)).toEqual([AMB.badReal.code]);
  });
});

roundTripSuite(AMB_TEXT, ambArb);
roundTripSuite(AMB_BINARY, ambArb);

describe(".amb text too large for one string", () => {
  it("is a finding (AMB023), never a throw", async () => {
    const { readEitherEncoding } = await import("../../src/mixed/container.js");
    const { AMB_MAGIC } = await import("../../src/mixed/amb/binary-layout.js");
    const { readAmbBinary } = await import("../../src/mixed/amb/read-binary.js");
    const { readAmbText } = await import("../../src/mixed/amb/read-text.js");
    const bytes = new TextEncoder().encode("DEFORMA-AMB 1\n");
    const r = readEitherEncoding(bytes, AMB_MAGIC, readAmbBinary, readAmbText, AMB.textTooLarge, 4);
    expect(r.model).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toEqual(["AMB023"]);
  });
});
