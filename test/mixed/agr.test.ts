import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiagnosticSink } from "../../src/core/diagnostics.js";
import {
  AGR,
  agrFrameSpans,
  agrHeaderBytes,
  agrInfo,
  extractSurface,
  type MeshAnimation,
  readAgr,
  readAgrHeader,
  scalarAt,
  validateAgr,
  vectorAt,
  writeAgrBinary,
  writeAgrText,
} from "../../src/mixed/agr/index.js";
import { agrArb } from "../arbitraries.js";
import { AGR_BINARY, AGR_TEXT } from "../formats.js";
import { bytesOf, demoPath, expectSameAgr, fixture, lineCol, pos, where } from "../helpers.js";
import { expectLocated, roundTripSuite } from "../property-suites.js";

const thermal = fixture("agr/thermal-tets.agr");
const plate = fixture("agr/stress-plate.agr");

function model(text: string): MeshAnimation {
  const r = readAgr(text);
  expect(r.diagnostics).toEqual([]);
  return r.model!;
}

describe(".agr fixtures", () => {
  it("reads the thermal fixture (type 0, two tets, constant coordinates)", () => {
    const m = model(thermal);
    expect(m.type).toBe(0);
    expect(m.nodeCount).toBe(5);
    expect(Array.from(m.cellTypes)).toEqual([10, 10]);
    expect(Array.from(m.connectivity)).toEqual([0, 1, 2, 3, 0, 2, 1, 4]);
    expect(m.scalars).toEqual([{ name: "temperature", unit: "K", varying: true }]);
    expect(m.vectors).toEqual([{ name: "coordinates", unit: "m", varying: false }]);
    expect(Array.from(m.times)).toEqual([0, 0.5]);
    expect(Array.from(scalarAt(m, 0, 1))).toEqual([300, 310.5, 305.25, 320, 290]);
    expect(bytesOf(vectorAt(m, 0, 1))).toEqual(bytesOf(m.positions));
    expect(validateAgr(m)).toEqual([]);
  });

  it("reads the stress-strain fixture (CR LF, tabs, quad + tri, both parameters varying)", () => {
    const m = model(plate);
    expect(m.type).toBe(1);
    expect(Array.from(m.cellTypes)).toEqual([9, 5]);
    expect(Array.from(m.times)).toEqual([0, 0.015]);
    expect(Array.from(scalarAt(m, 0, 1))).toEqual(
      [0, 0.001, 0.002, 0, 0.001, 0.0025].map(Math.fround),
    );
    expect(Array.from(vectorAt(m, 0, 1)).slice(12, 15)).toEqual([1, 1.001, 0].map(Math.fround));
    expect(validateAgr(m)).toEqual([]);
  });

  it("reads bytes and strings alike, and reports the encoding", () => {
    const fromBytes = readAgr(new TextEncoder().encode(thermal));
    expect(fromBytes.encoding).toBe("text");
    expect(fromBytes.text).toBe(thermal);
    expectSameAgr(model(thermal), fromBytes.model!);
  });

  for (const [name, text] of [
    ["thermal", thermal],
    ["plate", plate],
  ] as const) {
    it(`round-trips ${name}: text → model → binary → model → text, exactly`, () => {
      const a = model(text);
      const bin = writeAgrBinary(a);
      const r = readAgr(bin);
      expect(r.encoding).toBe("binary");
      expect(r.diagnostics).toEqual([]);
      expectSameAgr(a, r.model!);
      const again = writeAgrText(r.model!);
      expect(again).toBe(writeAgrText(a));
      expect(again.endsWith("\n")).toBe(true);
      expectSameAgr(a, model(again));
    });
  }
});

describe(".agr binary", () => {
  it("returns views into the input buffer when aligned", () => {
    const bin = writeAgrBinary(model(thermal));
    const m = readAgr(bin).model!;
    for (const a of [m.positions, m.cellTypes, m.connectivity, m.times, ...m.scalarValues]) {
      expect(a.buffer).toBe(bin.buffer);
    }
    expect(scalarAt(m, 0, 1).buffer).toBe(bin.buffer);
  });

  it("copies once when the input is misaligned, and still reads exactly", () => {
    const bin = writeAgrBinary(model(plate));
    const big = new Uint8Array(bin.length + 3);
    big.set(bin, 3);
    const shifted = big.subarray(3);
    const r = readAgr(shifted);
    expect(r.diagnostics).toEqual([]);
    expect(r.model!.positions.buffer).not.toBe(big.buffer);
    expectSameAgr(model(plate), r.model!);
  });

  it("starts with the magic and version 1, sections 8-byte aligned", () => {
    const bin = writeAgrBinary(model(thermal));
    expect(Array.from(bin.subarray(0, 8))).toEqual([0x89, 0x41, 0x47, 0x52, 13, 10, 0x1a, 10]);
    expect(new DataView(bin.buffer).getUint32(8, true)).toBe(1);
    expect(bin.length % 8).toBe(0);
  });
});

describe(".agr binary frame spans (for readers holding only byte ranges)", () => {
  it("every span of every frame holds exactly that frame's values, read from the header bytes alone", () => {
    fc.assert(
      fc.property(agrArb, (m) => {
        const bin = writeAgrBinary(m);
        const headerEnd = agrHeaderBytes(bin.subarray(0, 48))!;
        const sink = new DiagnosticSink();
        const h = readAgrHeader(bin.slice(0, headerEnd), bin.length, sink)!;
        expect(h).toBeDefined();
        expect(h.layout.total).toBe(bin.length);
        for (let f = 0; f < m.times.length; f++) {
          const spans = agrFrameSpans(h, f);
          expect(spans.length).toBe(m.scalars.length + m.vectors.length);
          for (const s of spans) {
            const want = s.vector ? vectorAt(m, s.param, f) : scalarAt(m, s.param, f);
            expect(s.offset % 4).toBe(0);
            expect(Array.from(bin.subarray(s.offset, s.offset + s.length))).toEqual(bytesOf(want));
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("a prefix shorter than the header and descriptors is reported, not thrown", () => {
    const bin = writeAgrBinary(model(thermal));
    const sink = new DiagnosticSink();
    expect(readAgrHeader(bin.subarray(0, 50), bin.length, sink)).toBeUndefined();
    expect(sink.items.map((d) => d.code)).toEqual([AGR.unexpectedEnd.code]);
    expect(agrHeaderBytes(bin.subarray(0, 47))).toBeUndefined();
  });
});

describe(".agr info and surface", () => {
  it("agrInfo has the contract keys first, in order", () => {
    const info = agrInfo(model(thermal));
    expect(Object.keys(info)).toEqual([
      "type",
      "nodes",
      "elements",
      "frames",
      "times",
      "scalars",
      "vectors",
      "cells",
      "bounds",
    ]);
    expect(info).toMatchObject({
      type: 0,
      nodes: 5,
      elements: 2,
      frames: 2,
      times: [0, 0.5],
      scalars: [{ name: "temperature", unit: "K", varying: true }],
      vectors: [{ name: "coordinates", unit: "m", varying: false }],
      cells: { tet: 2 },
      bounds: { min: [0, 0, -1], max: [1, 1, 1] },
    });
    expect(JSON.parse(JSON.stringify(info))).toEqual(info);
  });

  /** Signed volume enclosed by triangles (positive when they face outward) and edge balance. */
  function closedVolume(positions: ArrayLike<number>, tris: Uint32Array): number {
    const edges = new Map<string, number>();
    let v = 0;
    for (let t = 0; t < tris.length; t += 3) {
      const [a, b, c] = [tris[t]!, tris[t + 1]!, tris[t + 2]!];
      const p = (i: number) => [positions[3 * i]!, positions[3 * i + 1]!, positions[3 * i + 2]!];
      const [x, y, z] = [p(a), p(b), p(c)];
      v +=
        (x[0]! * (y[1]! * z[2]! - y[2]! * z[1]!) -
          x[1]! * (y[0]! * z[2]! - y[2]! * z[0]!) +
          x[2]! * (y[0]! * z[1]! - y[1]! * z[0]!)) /
        6;
      for (const [i, j] of [
        [a, b],
        [b, c],
        [c, a],
      ]) {
        edges.set(`${i},${j}`, (edges.get(`${i},${j}`) ?? 0) + 1);
        edges.set(`${j},${i}`, (edges.get(`${j},${i}`) ?? 0) - 1);
      }
    }
    for (const n of edges.values()) expect(n).toBe(0);
    return v;
  }

  function mesh(positions: number[], vtk: number, cells: number[][]): MeshAnimation {
    const n = positions.length / 3;
    return {
      type: 1,
      nodeCount: n,
      positions: Float32Array.from(positions),
      cellTypes: Uint8Array.from(cells.map(() => vtk)),
      connectivity: Uint32Array.from(cells.flat()),
      scalars: [],
      vectors: [],
      times: Float64Array.of(0),
      scalarValues: [],
      vectorValues: [],
    };
  }

  const cube = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
  const cases: [string, number[], number, number[][], number, number][] = [
    ["tet", [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], 10, [[0, 1, 2, 3]], 4, 1 / 6],
    ["hex", cube, 12, [[0, 1, 2, 3, 4, 5, 6, 7]], 12, 1],
    [
      "wedge",
      [0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1],
      13,
      [[0, 1, 2, 3, 4, 5]],
      8,
      0.5,
    ],
    ["pyramid", [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0.5, 0.5, 1], 14, [[0, 1, 2, 3, 4]], 6, 1 / 3],
  ];
  for (const [name, positions, vtk, cells, triangles, volume] of cases) {
    it(`one ${name}: closed, outward surface of ${triangles} triangles`, () => {
      const m = mesh(positions, vtk, cells);
      const tris = extractSurface(m);
      expect(tris.length).toBe(3 * triangles);
      expect(closedVolume(m.positions, tris)).toBeCloseTo(volume, 6);
    });
  }

  it("drops the faces two cells share (two hexes → 20 triangles)", () => {
    const top = cube.map((v, i) => (i % 3 === 2 ? v + 1 : v));
    const positions = [...cube, ...top.slice(12)];
    const m = mesh(positions, 12, [
      [0, 1, 2, 3, 4, 5, 6, 7],
      [4, 5, 6, 7, 8, 9, 10, 11],
    ]);
    const tris = extractSurface(m);
    expect(tris.length).toBe(3 * 20);
    expect(closedVolume(m.positions, tris)).toBeCloseTo(2, 6);
  });

  it("keeps surface cells as they are and skips broken cells", () => {
    expect(Array.from(extractSurface(model(plate)))).toEqual([0, 1, 4, 0, 4, 3, 1, 2, 5]);
    const broken = mesh(cube, 12, [[0, 1, 2, 3, 4, 5, 6, 99]]);
    expect(extractSurface(broken).length).toBe(0);
    expect(extractSurface(model(thermal)).length).toBe(3 * 6);
  });
});

/** Binary helpers for the code table. */
const thermalBinary = () => writeAgrBinary(model(thermal));
function patched(edit: (dv: DataView, bytes: Uint8Array) => void): Uint8Array {
  const bin = thermalBinary();
  edit(new DataView(bin.buffer), bin);
  return bin;
}

describe(".agr diagnostics: every code, at the right place", () => {
  const tooMany = `DEFORMA-AGR 1\ntype 1\nnodes 50\n${"x x x\n".repeat(50)}`;
  const beyond = thermal
    .replace(
      "scalars 1\ntemperature K varying",
      "scalars 2\ntemperature K varying\nflux W constant",
    )
    .replace("constant coordinates", "constant flux\n1\n2\n3\n4\n5\nconstant coordinates");
  const text: [string, string, string][] = [
    [AGR.badMagic.code, "HELLO 1\n", "1:1"],
    [AGR.badVersion.code, thermal.replace("AGR 1", "AGR 2"), "1:13"],
    [AGR.unexpectedEnd.code, thermal.slice(0, thermal.indexOf("310.5")), "end"],
    [AGR.expectedKeyword.code, thermal.replace("cells 2", "cels 2"), pos(thermal, "cells")],
    [AGR.badInteger.code, thermal.replace("nodes 5", "nodes 5.0"), pos(thermal, "nodes 5", 0, 6)],
    [AGR.badReal.code, thermal.replace("\n1 0 0", "\n1 x 0"), pos(thermal, "\n1 0 0", 0, 3)],
    [AGR.trailing.code, `${thermal}extra\n`, `${thermal.split("\n").length}:1`],
    [AGR.finalNewline.code, thermal.trimEnd(), "end"],
    [AGR.tooManyErrors.code, tooMany, "37:3"],
    [AGR.unknownCellKind.code, thermal.replace("tet 0 1", "tetra 0 1"), pos(thermal, "tet 0 1")],
    [AGR.cellNodes.code, thermal.replace("tet 0 2 1 4", "tet 0 2 1"), pos(thermal, "scalars")],
    [AGR.nodeIndex.code, thermal.replace("tet 0 2 1 4", "tet 0 2 1 5"), pos(thermal, "1 4", 0, 2)],
    [AGR.badType.code, thermal.replace("type 0", "type 2"), pos(thermal, "type 0", 0, 5)],
    [AGR.paramTable.code, thermal.replace("type 0", "type 1"), pos(thermal, "coordinates m")],
    [AGR.beyondTable.code, beyond, pos(beyond, "flux W")],
    [
      AGR.badName.code,
      thermal.replace("temperature K", `${"t".repeat(300)} K`),
      pos(thermal, "temperature"),
    ],
    [AGR.varyingWord.code, thermal.replace("K varying", "K vary"), pos(thermal, "K varying", 0, 2)],
    [
      AGR.constantName.code,
      thermal.replace("constant coordinates", "constant coords"),
      pos(thermal, "constant coordinates", 0, 9),
    ],
    [AGR.badTimes.code, thermal.replace("frame 0.5", "frame 0"), pos(thermal, "frame 0.5", 0, 6)],
    [
      AGR.noFrames.code,
      `${thermal.slice(0, thermal.indexOf("frames"))}frames 0\n`,
      pos(thermal, "frames", 0, 7),
    ],
    [
      AGR.coordinates.code,
      thermal.replace("0 0 -1\nframes", "0 0 -2\nframes"),
      pos(thermal, "constant coordinates"),
    ],
  ];
  for (const [code, source, at] of text) {
    it(`${code} (text) at ${at}`, () => {
      const r = readAgr(source);
      const expected = at === "end" ? lineCol(source, source.length) : at;
      expect(where(r.diagnostics, source)).toContain(`${code}@${expected}`);
      expectLocated(r.diagnostics, AGR, source);
    });
  }

  const binary: [string, () => Uint8Array, number][] = [
    [AGR.badVersion.code, () => patched((dv) => dv.setUint32(8, 9, true)), 8],
    [AGR.unexpectedEnd.code, () => thermalBinary().subarray(0, 100), 100],
    [AGR.trailing.code, () => Uint8Array.from([...thermalBinary(), 0, 0, 0, 0, 0, 0, 0, 0]), 304],
    [AGR.badType.code, () => patched((dv) => dv.setUint32(12, 5, true)), 12],
    // decision 42
    [AGR.nonFinite.code, () => patched((dv) => dv.setFloat32(96 + 4, Number.NaN, true)), 100],
    [AGR.badSize.code, () => patched((dv) => dv.setUint32(28, 1000, true)), 28],
    [AGR.badFlags.code, () => patched((_, b) => (b[48] = 3)), 48],
    [AGR.reserved.code, () => patched((dv) => dv.setUint32(44, 7, true)), 44],
    [AGR.badTimes.code, () => patched((dv) => dv.setFloat64(88, -1, true)), 88],
    [AGR.nodeIndex.code, () => patched((dv) => dv.setUint32(168, 77, true)), 168],
    [AGR.unknownCellKind.code, () => patched((_, b) => (b[160] = 3)), 160],
    [AGR.badName.code, () => patched((_, b) => (b[51] = 0xff)), 51],
  ];
  for (const [code, make, at] of binary) {
    it(`${code} (binary) at byte ${at}`, () => {
      const bytes = make();
      const r = readAgr(bytes);
      expect(r.encoding).toBe("binary");
      expect(r.diagnostics.map((d) => `${d.code}@${d.start}`)).toContain(`${code}@${at}`);
      expectLocated(r.diagnostics, AGR, bytes, r.text);
    });
  }

  it(`${AGR.shape.code} and ${AGR.cellNodes.code} for in-memory models`, () => {
    const m = model(thermal);
    expect(validateAgr({ ...m, positions: new Float32Array(2) }).map((d) => d.code)).toEqual([
      AGR.shape.code,
    ]);
    const short = { ...m, connectivity: m.connectivity.subarray(0, 6) };
    expect(validateAgr(short).map((d) => d.code)).toContain(AGR.cellNodes.code);
  });

  it("every code of the table is exercised above", () => {
    const seen = new Set([...text.map((t) => t[0]), ...binary.map((b) => b[0])]);
    seen.add(AGR.shape.code).add(AGR.cellNodes.code).add(AGR.textTooLarge.code); // the last: below
    for (const k of Object.values(AGR)) expect(seen.has(k.code), k.code).toBe(true);
  });
});

roundTripSuite(AGR_TEXT, agrArb);
roundTripSuite(AGR_BINARY, agrArb);

describe(".agr text too large for one string", () => {
  it("is a finding (AGR027), never a throw", async () => {
    const { readEitherEncoding } = await import("../../src/mixed/container.js");
    const { AGR } = await import("../../src/mixed/agr/codes.js");
    const { AGR_MAGIC } = await import("../../src/mixed/agr/binary-layout.js");
    const { readAgrBinary } = await import("../../src/mixed/agr/read-binary.js");
    const { readAgrText } = await import("../../src/mixed/agr/read-text.js");
    const bytes = new TextEncoder().encode("DEFORMA-AGR 1\ntype 0\n");
    const r = readEitherEncoding(
      bytes,
      AGR_MAGIC,
      readAgrBinary,
      readAgrText,
      AGR.textTooLarge,
      10,
    );
    expect(r.model).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toEqual(["AGR027"]);
    expect(r.diagnostics[0]!.message).toContain("at most 10 are read as text");
  });
});

describe("agr info: each parameter's range over all frames", () => {
  it("scalar min/max are its values' range; a vector's the magnitude of its change from frame 0", async () => {
    const { readFileSync } = await import("node:fs");
    const { agrInfo, readAgr: read, vectorAt: at } = await import("../../src/mixed/agr/index.js");
    const m = read(new Uint8Array(readFileSync(demoPath("piston.agr")))).model!;
    const info = agrInfo(m);
    const t = m.scalarValues[0]!;
    expect(info.scalars[0]).toMatchObject({ name: "temperature", unit: "K" });
    expect(Math.fround(info.scalars[0]!.min!)).toBe(Math.min(...t));
    expect(Math.fround(info.scalars[0]!.max!)).toBe(Math.max(...t));
    expect(info.scalars[0]!.min).toBe(293.15);
    const rod = read(new Uint8Array(readFileSync(demoPath("rod.agr")))).model!;
    let peak = 0;
    for (let f = 0; f < rod.times.length; f++) {
      const p = at(rod, 0, f);
      const p0 = at(rod, 0, 0);
      for (let i = 0; i < p.length; i += 3)
        peak = Math.max(
          peak,
          Math.hypot(p[i]! - p0[i]!, p[i + 1]! - p0[i + 1]!, p[i + 2]! - p0[i + 2]!),
        );
    }
    const v = agrInfo(rod).vectors[0]!;
    expect(v.min).toBe(0);
    expect(v.max!).toBeCloseTo(peak, 9);
  });
});
