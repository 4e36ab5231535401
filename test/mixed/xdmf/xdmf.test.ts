/**
 * The XDMF reader on the FEniCSx fixtures (XDMF 3 + HDF5, test/fixtures/xdmf)
 * and on small inline files: frames, times, topologies, point and cell data,
 * and every finding located in the file it is about.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LineCounter } from "../../../src/core/diagnostics.js";
import { readXdmf } from "../../../src/mixed/xdmf/index.js";
import { FIXTURES, inline, range, reader, readFixture, readText } from "./xdmf-helpers.js";

const codes = (r: { diagnostics: readonly { code: string }[] }) => r.diagnostics.map((d) => d.code);

/** The 1-based line and column of `offset` in `text`. */
function where(text: string, offset: number): string {
  const p = new LineCounter(text).position(offset);
  return `${p.line}:${p.column}`;
}

describe("XDMF as FEniCSx writes it", () => {
  // decision 198
  it("merges the temporal collections of every function by time: one frame per time with all arrays", async () => {
    const r = await readFixture("heat_p1.xdmf");
    expect(r.diagnostics).toEqual([]);
    expect(r.related).toEqual([]);
    expect(r.frames.map((f) => f.time)).toEqual([0, 0.5, 1]);
    for (const f of r.frames) {
      expect([f.pointCount, f.types.length, f.skippedCells]).toEqual([45, 96, 0]);
      expect(new Set(f.types)).toEqual(new Set([10]));
      expect(f.pointData.map((a) => [a.name, a.components])).toEqual([
        ["T", 1],
        ["u", 3],
      ]);
      expect(f.cellData.map((a) => [a.name, a.components, a.values.length])).toEqual([
        ["cell_marker", 1, 96],
      ]);
    }
    // The mesh every step includes by xpointer is read once.
    expect(r.frames[2]!.points).toBe(r.frames[0]!.points);
    expect(range(r.frames[2]!.pointData[0]!.values)).toEqual([19.999999999999996, 421]);
  });

  it("reads a second-order Triangle_6 mesh (XY geometry) by its corners, keeping every node", async () => {
    const r = await readFixture("plate_p2.xdmf");
    expect(r.diagnostics).toEqual([]);
    expect(r.frames.map((f) => [f.time, f.pointCount, f.types.length])).toEqual([
      [0, 35, 12],
      [1, 35, 12],
    ]);
    expect(new Set(r.frames[0]!.types)).toEqual(new Set([5]));
    // XY geometry: z = 0.
    expect(r.frames[0]!.points.filter((_, k) => k % 3 === 2).every((z) => z === 0)).toBe(true);
    expect(range(r.frames[1]!.pointData[0]!.values)).toEqual([-0.08000000000000002, 0.02]);
  });
});

describe("XDMF 2 with inline data and a Mixed topology", () => {
  // decision 199, decision 202
  it("reads Mixed cells, a Time List, Reference DataItems and cell data one tuple per output cell", async () => {
    const r = await readFixture("mixed-xdmf2.xmf");
    expect(codes(r)).toEqual([]);
    expect(r.frames.map((f) => f.time)).toEqual([0.25, 0.75]);
    const f = r.frames[1]!;
    // quad, triangle, a five-node polygon as three triangles; the polyline no .agr cell, a segment drawn.
    expect([...f.types]).toEqual([9, 5, 5, 5, 5]);
    expect(f.skippedCells).toBe(1);
    expect([...(f.lines ?? [])]).toEqual([0, 3]);
    expect([...f.cellData[0]!.values]).toEqual([11, 21, 31, 31, 31]);
    expect([...f.pointData[0]!.values]).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
  });
});

describe("line and vertex cells", () => {
  // decision 218
  it("keeps a Polyline topology's segments and a Polyvertex's points in lines and vertices, as the VTK reader does", async () => {
    const polyline = `<Topology TopologyType="Polyline" NodesPerElement="3" NumberOfElements="1">
<DataItem Dimensions="3" NumberType="Int" Format="XML">0 1 3</DataItem>
</Topology>`;
    const r = await readText(inline("", polyline));
    expect(codes(r)).toEqual([]);
    const f = r.frames[0]!;
    expect([f.types.length, f.skippedCells]).toEqual([0, 1]);
    expect([...(f.lines ?? [])]).toEqual([0, 1, 1, 3]);
    const polyvertex = `<Topology TopologyType="Polyvertex" NodesPerElement="1" NumberOfElements="2">
<DataItem Dimensions="2" NumberType="Int" Format="XML">4 2</DataItem>
</Topology>`;
    const v = (await readText(inline("", polyvertex))).frames[0]!;
    expect([...(v.vertices ?? [])]).toEqual([4, 2]);
    // decision 219: an Edge_3 lists its ends, then its middle node.
    const edge = `<Topology TopologyType="Edge_3" NumberOfElements="1">
<DataItem Dimensions="3" NumberType="Int" Format="XML">0 1 3</DataItem>
</Topology>`;
    expect([...((await readText(inline("", edge))).frames[0]!.lines ?? [])]).toEqual([0, 3, 3, 1]);
    // In a Mixed stream: a triangle, a two-node polyline and a one-node polyvertex.
    const mixed = `<Topology TopologyType="Mixed" NumberOfElements="3">
<DataItem Dimensions="11" NumberType="Int" Format="XML">4 0 1 2 2 2 3 4 1 1 0</DataItem>
</Topology>`;
    const m = (await readText(inline("", mixed))).frames[0]!;
    expect([[...m.types], [...(m.lines ?? [])], [...(m.vertices ?? [])], m.skippedCells]).toEqual([
      [5],
      [3, 4],
      [0],
      2,
    ]);
  });
});

describe("findings, located", () => {
  it("a bad inline number at its line and column (XDM008)", async () => {
    const text = inline().replace("0 0 1 0 0 1", "0 0 1 zero 0 1");
    const r = await readText(text);
    const d = r.diagnostics.find((x) => x.code === "XDM008")!;
    const lines = text.split("\n");
    const line = lines.findIndex((l) => l.includes("zero"));
    expect(where(text, d.start)).toBe(`${line + 1}:${lines[line]!.indexOf("zero") + 1}`);
    expect(r.frames).toEqual([]);
  });

  it("a DataItem without Dimensions is refused as such (XDM008)", async () => {
    const r = await readText(inline().replace(' Dimensions="5 2"', ""));
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["XDM008", "DataItem has no Dimensions (XDMF requires them)"],
      ["XDM023", "no grid with a topology and a geometry to read"],
    ]);
  });

  it("an unknown TopologyType (XDM004) and a Mixed code that does not exist (XDM005)", async () => {
    const bad = await readText(
      inline(
        "",
        '<Topology TopologyType="3DSMesh" Dimensions="2 2 2"><DataItem Dimensions="1">0</DataItem></Topology>',
      ),
    );
    expect(codes(bad)).toContain("XDM004");
    const code = await readText(inline().replace("4 0 1 2 5 1 3 4 2", "4 0 1 2 17 1 3 4 2"));
    expect(code.diagnostics.find((d) => d.code === "XDM005")?.message).toContain(
      "unknown cell code 17",
    );
  });

  it("a missing HDF5 file (XDM010) and a missing dataset (XDM012) in the XDMF; a broken HDF5 file in its own report (XDM011)", async () => {
    const hdf = (path: string) =>
      inline(
        `<Attribute Name="T" Center="Node"><DataItem Dimensions="5" Format="HDF">r.h5:${path}</DataItem></Attribute>`,
      );
    const missing = await readText(hdf("/T"));
    expect(codes(missing)).toEqual(["XDM010"]);
    expect(missing.frames[0]?.pointData).toEqual([]);
    const h5 = new Uint8Array(readFileSync(join(FIXTURES, "plate_p2.h5")));
    const nodata = await readText(hdf("/Function/none"), { "r.h5": h5 });
    expect(nodata.diagnostics[0]?.message).toBe("no dataset '/Function/none' in 'r.h5'");
    // decision 201
    const broken = await readText(hdf("/T"), { "r.h5": h5.slice(0, 300) });
    expect(codes(broken)).toEqual([]);
    expect(broken.related.map((x) => [x.file, x.diagnostics.map((d) => d.code)])).toEqual([
      ["r.h5", ["XDM011"]],
    ]);
  });

  it("a read over its budget refuses a dataset before reading it, counting HDF5's own copy (XDM014)", async () => {
    const text = readFileSync(join(FIXTURES, "heat_p1.xdmf"), "utf8").replaceAll(
      "heat_p1.h5",
      "r.h5",
    );
    const h5 = new Uint8Array(readFileSync(join(FIXTURES, "heat_p1.h5")));
    const files = reader({ "r.h5": h5 });
    // The mesh: 45×3 + 96×4 values; twice that is more than the budget of 700.
    const r = await readXdmf(new TextEncoder().encode(text), "x.xdmf", files, 700);
    expect(codes(r)).toContain("XDM014");
    expect(r.frames).toEqual([]);
    const ok = await readXdmf(new TextEncoder().encode(text), "x.xdmf", files, 100_000);
    expect(codes(ok)).toEqual([]);
  });

  it("an attribute of the wrong length (XDM016) or centred on edges (XDM015) is left out, the frame kept", async () => {
    const r = await readText(
      inline(`<Attribute Name="a" Center="Cell"><DataItem Dimensions="3">1 2 3</DataItem></Attribute>
<Attribute Name="e" Center="Edge"><DataItem Dimensions="3">1 2 3</DataItem></Attribute>
<Attribute Name="v" AttributeType="Vector"><DataItem Dimensions="5 2">1 2 3 4 5 6 7 8 9 10</DataItem></Attribute>`),
    );
    expect(codes(r)).toEqual(["XDM016", "XDM015"]);
    // decision 200
    expect(r.frames[0]!.pointData.map((a) => [a.name, a.components, a.values.slice(0, 3)])).toEqual(
      [["v", 3, Float64Array.of(1, 2, 0)]],
    );
  });

  // decision 203
  it("an xi:include of another file or an xpointer not understood is refused (XDM017)", async () => {
    const other = await readText(
      inline('<xi:include href="other.xdmf" xpointer="xpointer(/Xdmf/Domain/Grid/Topology)"/>'),
    );
    expect(codes(other)).toEqual(["XDM017"]);
    const odd = await readText(inline('<xi:include xpointer="xpointer(//Grid[last()])"/>'));
    expect(codes(odd)).toEqual(["XDM017"]);
  });

  it("times that go back are refused per grid (XDM018); grids without times are numbered (XDM019)", async () => {
    const grid = (t: string) =>
      `<Grid GridType="Uniform">${t}<xi:include xpointer="xpointer(/Xdmf/Domain/Grid[@Name='mesh']/Topology)"/><xi:include xpointer="xpointer(/Xdmf/Domain/Grid[@Name='mesh']/Geometry)"/></Grid>`;
    const file = (...steps: string[]) =>
      inline()
        .replace('Name="g"', 'Name="mesh"')
        .replace(
          "</Domain>",
          `<Grid GridType="Collection" CollectionType="Temporal">${steps.map(grid).join("")}</Grid></Domain>`,
        );
    const back = await readText(
      file('<Time Value="1"/>', '<Time Value="0.5"/>', '<Time Value="2"/>'),
    );
    expect(codes(back)).toEqual(["XDM018"]);
    expect(back.frames.map((f) => f.time)).toEqual([1, 2]);
    const none = await readText(file("", ""));
    expect(codes(none)).toEqual(["XDM019"]);
    expect(none.frames.map((f) => f.time)).toEqual([0, 1]);
  });

  // decision 198
  it("without a temporal collection the first grid is read and the others are left out (XDM022)", async () => {
    const text = inline().replace("</Domain>", '<Grid Name="tags" GridType="Uniform"/></Domain>');
    const r = await readText(text);
    expect(codes(r)).toEqual(["XDM022"]);
    expect(r.frames.map((f) => [f.pointCount, [...f.types]])).toEqual([[5, [5, 9]]]);
  });

  it("a file that is not XDMF (XDM002), broken XML (XDM001) and a domain without grids (XDM023)", async () => {
    expect(codes(await readText("<VTKFile/>"))).toEqual(["XDM002"]);
    expect(codes(await readText(inline().replace("</Grid>", "")))).toContain("XDM001");
    expect(codes(await readText("<Xdmf><Domain/></Xdmf>"))).toEqual(["XDM023"]);
  });
});

describe("robustness", () => {
  it("a Reference that leads back to itself is refused (XDM017), never awaited forever", async () => {
    const text = inline(
      "",
      "",
      `<Geometry GeometryType="XY"><DataItem Name="a" Reference="XML">/Xdmf/Domain/Grid/Geometry/DataItem[@Name='b']</DataItem>
<DataItem Name="b" Reference="XML">/Xdmf/Domain/Grid/Geometry/DataItem[@Name='a']</DataItem></Geometry>`,
    );
    const r = await readText(text);
    expect(codes(r)).toEqual(["XDM017", "XDM023"]);
    expect(r.frames).toEqual([]);
  });

  it("reads a Mixed topology of 300 000 cells and a pointer to 300 000 grids without overflowing the stack", async () => {
    const n = 300_000;
    const r = await readText(
      inline(
        "",
        `<Topology TopologyType="Mixed" NumberOfElements="${n}"><DataItem Dimensions="${4 * n}">${"4 0 1 2 ".repeat(n)}</DataItem></Topology>`,
      ),
    );
    expect(codes(r)).toEqual([]);
    expect(r.frames[0]?.types.length).toBe(n);
    const grids = "<Grid/>".repeat(n);
    const many = await readText(
      inline(`<xi:include xpointer="xpointer(/Xdmf/Domain/Grid[2]/Grid)"/>`).replace(
        "</Domain>",
        `<Grid>${grids}</Grid></Domain>`,
      ),
    );
    expect(many.frames.length).toBe(1);
  });

  // decision 199
  it("a HyperSlab Time gives start, stride and count; a count past the grids is refused", async () => {
    const file = (slab: string) =>
      inline()
        .replace('Name="g"', 'Name="mesh"')
        .replace(
          "</Domain>",
          `<Grid GridType="Collection" CollectionType="Temporal"><Time TimeType="HyperSlab"><DataItem Dimensions="3">${slab}</DataItem></Time>${'<Grid><xi:include xpointer="xpointer(/Xdmf/Domain/Grid[1]/*[self::Topology or self::Geometry])"/></Grid>'.repeat(2)}</Grid></Domain>`,
        );
    const ok = await readText(file("0.5 0.25 2"));
    expect(codes(ok)).toEqual([]);
    expect(ok.frames.map((f) => f.time)).toEqual([0.5, 0.75]);
    expect(codes(await readText(file("0 1 1e9")))).toContain("XDM018");
  });

  it("never throws on any cut of the fixtures", async () => {
    for (const name of ["heat_p1.xdmf", "mixed-xdmf2.xmf"]) {
      const text = readFileSync(join(FIXTURES, name), "utf8");
      const h5 = new Uint8Array(readFileSync(join(FIXTURES, "heat_p1.h5")));
      for (let cut = 0; cut < text.length; cut += 97) {
        const r = await readText(text.slice(0, cut).replaceAll("heat_p1.h5", "r.h5"), {
          "r.h5": h5.slice(0, cut * 5),
        });
        expect(Array.isArray(r.frames)).toBe(true);
      }
    }
  });
});
