/**
 * The `.frd` reader on broken and unusual input: every finding is located
 * (line and column in ASCII) with its code, and nothing throws.
 */
import { describe, expect, it } from "vitest";
import { readFrd } from "../../../src/mixed/frd/index.js";
import { where } from "../../helpers.js";
import { elementBlock, HEADER, nodeBlock, resultBlock, tetFile } from "./frd-text.js";

const enc = new TextEncoder();
const read = (text: string) => readFrd(enc.encode(text), "x.frd");
/** Codes at line:column of `text`. */
const found = (text: string) => where(read(text).diagnostics, text);

const T = [
  [10, 1],
  [20, 2],
  [30, 3],
  [40, 4],
];

describe("the .frd reader's findings", () => {
  it("reads a file of labels, results and two steps without a finding", () => {
    const text = tetFile(
      resultBlock("NDTEMP", ["T"], T, 1, 1) + resultBlock("NDTEMP", ["T"], T, 2, 2),
    );
    const r = read(text);
    expect(r.diagnostics).toEqual([]);
    expect(r.frames.map((f) => f.time)).toEqual([1, 2]);
    expect([...r.frames[0]!.connectivity]).toEqual([0, 1, 2, 3]);
  });

  it("increments of one step are frames of their own; a repeated name begins the next frame", () => {
    const T2 = T.map(([n, v]) => [n!, v! + 1]);
    const increments =
      resultBlock("NDTEMP", ["T"], T, 0.5, 1) + resultBlock("NDTEMP", ["T"], T2, 1, 1);
    expect(read(tetFile(increments)).frames.map((f) => f.time)).toEqual([0.5, 1]);
    const repeated = resultBlock("NDTEMP", ["T"], T, 1, 1) + resultBlock("NDTEMP", ["T"], T2, 1, 1);
    const r = read(tetFile(repeated));
    expect(r.frames.map((f) => f.pointData[0]!.values[0])).toEqual([1, 2]);
  });

  it("more than six components continue on -2 records", () => {
    const v = [[10, 1, 2, 3, 4, 5, 6, 7, 8]];
    const r = read(tetFile(resultBlock("X", ["A", "B", "C", "D", "E", "F", "G", "H"], v)));
    expect(r.diagnostics.map((d) => d.code)).toEqual(["FRD010"]);
    expect([...r.frames[0]!.pointData[0]!.values.subarray(0, 8)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it.each([
    ["FRD001@1:1", "hello\n"],
    ["FRD001@1:1", ""],
    [
      "FRD002@4:14",
      tetFile().replace(
        " 0.00000E+00 0.00000E+00 0.00000E+00",
        " 0.0000xE+00 0.00000E+00 0.00000E+00",
      ),
    ],
    ["FRD003@5:1", `${HEADER}${nodeBlock([[1, 0, 0, 0]], 2)} 9999\n`],
    ["FRD004@3:37", `${HEADER}${nodeBlock([[1, 0, 0, 0]]).replace(/ 1\n/, " 7\n")} 9999\n`],
    ["FRD005@10:14", tetFile().replace("    3    0    1", "   13    0    1")],
    ["FRD006@10:1", tetFile().replace("        40\n", "        41\n")],
    ["FRD007@5:1", tetFile().replace(" -1        20", " -1        10")],
    ["FRD008@14:1", tetFile(resultBlock("X", ["A"], T).replace("    1    1\n", "    2    1\n"))],
    ["FRD012@3:1", `${HEADER}${resultBlock("X", ["A"], T)} 9999\n`],
    ["FRD012@1:1", `${HEADER}${nodeBlock([[1, 0, 0, 0]])} 9999\n`],
    ["FRD017@5:1", tetFile().replace(" -1        20", " -2        20")],
    ["FRD018@10:1", tetFile().replace("        40\n", "\n")],
  ])("%s", (code, text) => {
    expect(found(text)).toEqual([code]);
    expect(read(text).frames).toEqual([]);
  });

  it("warnings keep the frames: unknown nodes, nodes without values, unknown blocks, no 9999, a second mesh", () => {
    const strays = resultBlock("X", ["A"], [...T, [99, 5]]);
    expect(found(tetFile(strays))).toEqual(["FRD009@13:1"]);
    expect(found(tetFile(resultBlock("X", ["A"], T.slice(0, 3))))).toEqual(["FRD010@13:1"]);
    expect(found(tetFile("    7C  whatever\n -1 stuff\n -3\n"))).toEqual(["FRD014@13:1"]);
    expect(found(tetFile().replace(" 9999\n", ""))).toEqual(["FRD015@13:1"]);
    expect(found(tetFile(nodeBlock([[1, 0, 0, 0]])))).toEqual(["FRD016@13:1"]);
    for (const t of [strays, "    7C\n -3\n"]) expect(read(tetFile(t)).frames).toHaveLength(1);
  });

  it("keeps the first 20 warnings of a code (a file of many unknown blocks costs no more)", () => {
    const r = read(tetFile("    7C\n -3\n".repeat(25)));
    expect(r.diagnostics.map((d) => d.code)).toEqual(Array(20).fill("FRD014"));
    expect(r.frames).toHaveLength(1);
  });

  it("a count the bytes left cannot hold is refused before anything is allocated (FRD013)", () => {
    const text = `${HEADER}    2C${" ".repeat(18)}${"999999999".padStart(12)}${"1".padStart(38)}\n`;
    expect(found(text)).toEqual(["FRD013@3:1"]);
    const bin = `${HEADER}    2C${" ".repeat(18)}${"5".padStart(12)}${"3".padStart(38)}\n\u0001\u0000`;
    expect(read(bin).diagnostics.map((d) => [d.code, d.start])).toEqual([["FRD013", 40]]);
  });

  it("never throws on cut or scrambled copies of a file", () => {
    const text = tetFile(
      resultBlock(
        "DISP",
        ["D1", "D2", "D3"],
        T.map(([n]) => [n!, 1, 2, 3]),
      ),
    );
    for (let cut = 0; cut < text.length; cut += 7) {
      const r = read(text.slice(0, cut));
      expect(r.frames.length).toBeLessThanOrEqual(1);
    }
    const bytes = enc.encode(text);
    for (let i = 0; i < bytes.length; i += 5) {
      const b = bytes.slice();
      b[i] = (b[i]! * 7 + 3) & 255;
      expect(() => readFrd(b, "x.frd")).not.toThrow();
    }
  });
});

describe("element types", () => {
  // decision 218, decision 219
  it("be2 and be3 beams are segments in lines (a be3 lists its ends, then its middle node), no .agr cell", () => {
    const nodes = [
      [1, 0, 0, 0],
      [2, 1, 0, 0],
      [3, 2, 0, 0],
      [4, 1.5, 0, 0],
      [5, 0, 1, 0],
    ];
    const text = `${HEADER}${nodeBlock(nodes)}${elementBlock([
      [1, 7, 1, 2, 5],
      [2, 11, 1, 2],
      [3, 12, 2, 3, 4],
    ])} 9999\n`;
    const r = read(text);
    expect(r.diagnostics).toEqual([]);
    const f = r.frames[0]!;
    expect([[...f.types], f.skippedCells]).toEqual([[5], 2]);
    expect([...f.lines!]).toEqual([0, 1, 1, 3, 3, 2]);
  });

  // decision 191
  it("a wedge as ccx accepts it (base counter-clockwise from the top) becomes a VTK wedge (corners 1 3 2 4 6 5)", () => {
    const nodes = [
      [1, 0, 0, 0],
      [2, 1, 0, 0],
      [3, 0, 1, 0],
      [4, 0, 0, 1],
      [5, 1, 0, 1],
      [6, 0, 1, 1],
    ];
    const text = `${HEADER}${nodeBlock(nodes)}${elementBlock([
      [1, 2, 1, 2, 3, 4, 5, 6],
      [2, 11, 1, 4],
    ])} 9999\n`;
    const r = read(text);
    expect(r.diagnostics).toEqual([]);
    const f = r.frames[0]!;
    expect([...f.types]).toEqual([13]);
    expect(f.skippedCells).toBe(1);
    expect([...f.connectivity]).toEqual([0, 2, 1, 3, 5, 4]);
    // VTK_WEDGE: the normal of its base (0, 1, 2) points away from the top face.
    const p = (i: number) => [
      ...f.points.subarray(3 * f.connectivity[i]!, 3 * f.connectivity[i]! + 3),
    ];
    const [a, b, c, top] = [p(0), p(1), p(2), p(3)];
    const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
    const v = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
    const nz = u[0]! * v[1]! - u[1]! * v[0]!;
    expect(Math.sign(nz)).toBe(-Math.sign(top[2]! - a[2]!));
  });
});
