import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { run } from "../../../src/cli/run.js";
import { inflate } from "../../../src/core/inflate.js";
import { exportVtk, meshAnimationFromVtk, readVtkSeries } from "../../../src/mixed/vtk/index.js";
import { cli, RUNS } from "../../helpers.js";
import { demoScene } from "../export-helpers.js";

describe("VTK reader on mangled input", () => {
  it("never throws on truncated or mutated files (ours: base64 binary, UInt64 headers)", async () => {
    const { scene } = await demoScene();
    const vtu = exportVtk(scene, { frames: [0.5] }).find((f) => f.name.endsWith("crank.vtu"))!;
    const bytes = new TextEncoder().encode(String(vtu.data));
    await fc.assert(
      fc.asyncProperty(
        fc.nat(bytes.length),
        fc.array(fc.tuple(fc.nat(bytes.length - 1), fc.integer({ min: 0, max: 255 })), {
          maxLength: 8,
        }),
        async (cut, edits) => {
          const b = bytes.slice(0, cut);
          for (const [at, v] of edits) if (at < b.length) b[at] = v;
          const s = await readVtkSeries([{ name: "x.vtu", bytes: b }]);
          meshAnimationFromVtk(s.frames, { type: 1 });
          for (const r of s.report) {
            // Every finding lies inside its file (text offsets, or bytes when not decoded).
            const length = r.text?.length ?? b.length;
            for (const d of r.diagnostics) {
              expect(d.code).toMatch(/^VTK0\d\d$/);
              expect(d.start).toBeGreaterThanOrEqual(0);
              expect(d.end).toBeGreaterThanOrEqual(d.start);
              expect(d.end).toBeLessThanOrEqual(length);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("locates a syntax error at the very end of a cut file inside the file", async () => {
    for (const text of ['<VTKFile type="UnstructuredGrid"><', "<VTKFile", "<"]) {
      const s = await readVtkSeries([{ name: "cut.vtu", text }]);
      const all = s.report.flatMap((r) => r.diagnostics);
      expect(all.map((d) => d.code)).toContain("VTK001");
      for (const d of all) expect(d.end).toBeLessThanOrEqual(text.length);
    }
  });

  it("reports a compression header that claims gigabytes instead of allocating them", async () => {
    const header = Buffer.from(new Uint32Array([1, 4e9, 4e9, 4]).buffer).toString("base64");
    const text = `<VTKFile type="UnstructuredGrid" compressor="vtkZLibDataCompressor">
<UnstructuredGrid><Piece NumberOfPoints="1" NumberOfCells="0">
<Points><DataArray type="Float32" NumberOfComponents="3" format="binary">${header}AAAAAA==</DataArray></Points>
</Piece></UnstructuredGrid></VTKFile>`;
    const s = await readVtkSeries([{ name: "z.vtu", text }]);
    expect(s.report[0]!.diagnostics.map((d) => d.code)).toEqual(["VTK004"]);
    expect(s.report[0]!.diagnostics[0]!.message).toContain(
      "the compression header claims 4000000000 bytes from 4 compressed bytes",
    );
  });

  // decision 99
  it("a zlib bomb of many small blocks is inflated only as far as the element declares", async () => {
    // 3000 blocks of 32 KiB of zeros, each within zlib's ratio, for a piece that declares 1 point.
    const block = deflateSync(new Uint8Array(32768));
    const blocks = 3000;
    const header = new Uint32Array(3 + blocks).fill(block.length);
    header.set([blocks, 32768, 32768]);
    // Inline binary: the header and the blocks are base64-encoded separately, as VTK writes them.
    const body =
      Buffer.from(header.buffer).toString("base64") +
      Buffer.concat(Array(blocks).fill(block)).toString("base64");
    const piece = (
      points: number,
    ) => `<VTKFile type="UnstructuredGrid" compressor="vtkZLibDataCompressor">
<UnstructuredGrid><Piece NumberOfPoints="${points}" NumberOfCells="0">
<Points><DataArray type="Float32" NumberOfComponents="3" format="binary">${body}</DataArray></Points>
</Piece></UnstructuredGrid></VTKFile>`;
    // One point declared: its 12 bytes are inflated from the first block and the rest is left
    // alone, as VTK reads it — within a budget of those 3 values (the piece has no cells: VTK005).
    const s = await readVtkSeries([{ name: "bomb.vtu", text: piece(1) }], { budgetBytes: 24 });
    expect(s.report[0]!.diagnostics.map((d) => d.code)).toEqual(["VTK005", "VTK005", "VTK005"]);
    // Declaring the points honestly (98 MB of Float32) fits the declaration; a budget smaller than its values refuses it before inflating.
    const points = (blocks * 32768) / 12;
    const small = await readVtkSeries([{ name: "big.vtu", text: piece(Math.floor(points)) }], {
      budgetBytes: 64 * 2 ** 20,
    });
    const d = small.report[0]!.diagnostics;
    expect(d.map((x) => x.code)).toEqual(["VTK019"]);
    expect(d[0]!.message).toMatch(/exceed what this read may still hold/);
  });

  it("stops inflating a block at its declared size (a small zlib bomb is not expanded)", async () => {
    const bomb = deflateSync(new Uint8Array(32 * 1024 * 1024));
    expect(await inflate(bomb, 1024)).toBeUndefined();
    expect((await inflate(deflateSync(Uint8Array.of(1, 2, 3)), 3))?.length).toBe(3);
    const b64 = (u: Uint8Array) => Buffer.from(u).toString("base64");
    // One block that claims 12 bytes (a Float32 point) but inflates to 32 MiB.
    const header = b64(new Uint8Array(new Uint32Array([1, 12, 12, bomb.length]).buffer));
    const text = `<VTKFile type="UnstructuredGrid" compressor="vtkZLibDataCompressor">
<UnstructuredGrid><Piece NumberOfPoints="1" NumberOfCells="0">
<Points><DataArray type="Float32" NumberOfComponents="3" format="binary">${header}${b64(bomb)}</DataArray></Points>
</Piece></UnstructuredGrid></VTKFile>`;
    const s = await readVtkSeries([{ name: "bomb.vtu", text }]);
    expect(s.report[0]!.diagnostics.map((d) => d.code)).toEqual(["VTK017"]);
  });

  it("reports a .vtm whose block names itself (or a .vtm naming it back) instead of looping", async () => {
    const vtm = (file: string) =>
      `<VTKFile type="vtkMultiBlockDataSet"><vtkMultiBlockDataSet><DataSet name="b" file="${file}"/></vtkMultiBlockDataSet></VTKFile>`;
    const self = await readVtkSeries([{ name: "a.vtm", text: vtm("a.vtm") }]);
    expect(self.frames).toEqual([]);
    expect(self.report.flatMap((r) => r.diagnostics.map((d) => d.code))).toEqual(["VTK009"]);
    const pair = await readVtkSeries([
      { name: "d/a.vtm", text: vtm("b.vtm") },
      { name: "d/b.vtm", text: vtm("./a.vtm") },
    ]);
    expect(pair.frames).toEqual([]);
    expect(pair.report.flatMap((r) => r.diagnostics.map((d) => d.code))).toContain("VTK009");
  });

  it("a .vtm nested 10,000 deep is refused with a located error, without recursion (no stack overflow)", async () => {
    const depth = 10_000;
    const text = `<VTKFile type="vtkMultiBlockDataSet"><vtkMultiBlockDataSet>${"<Block>".repeat(depth)}<DataSet name="x" file="x.vtu"/>${"</Block>".repeat(depth)}</vtkMultiBlockDataSet></VTKFile>`;
    const r = await readVtkSeries([{ name: "deep.vtm", text }]);
    expect(r.frames).toEqual([]);
    const d = r.report.flatMap((f) => f.diagnostics);
    expect(d.map((x) => x.code)).toContain("VTK001");
    expect(d.find((x) => x.code === "VTK001")!.message).toMatch(/nested deeper than 256/);
    expect(d.length).toBeLessThan(5);
    // Through the CLI: a located error, never "internal error".
    const dir = mkdtempSync(join(tmpdir(), "deforma-deep-"));
    writeFileSync(join(dir, "deep.vtm"), text);
    const r2 = await cli(["agr", "from-vtk", "deep.vtm", "--type", "0", "-o", "x.agr"], dir);
    expect(r2.code).toBe(1);
    expect(r2.err).toMatch(/VTK001.*nested deeper than 256/);
    expect(r2.err).not.toContain("internal error");
  });

  it("blocks nested in a .vtm are found in document order", async () => {
    const text = `<VTKFile type="vtkMultiBlockDataSet"><vtkMultiBlockDataSet><Block><Block><DataSet name="a" file="a.vtu"/></Block><DataSet name="b" file="b.vtu"/></Block><DataSet name="c" file="c.vtu"/></vtkMultiBlockDataSet></VTKFile>`;
    const r = await readVtkSeries([{ name: "m.vtm", text }], { block: "zzz" });
    const message = r.report
      .flatMap((f) => f.diagnostics)
      .find((d) => d.code === "VTK018")?.message;
    expect(message).toContain("'a' (0/0/0), 'b' (0/1), 'c' (1)");
  });

  it("reads stray end tags and long tags in linear time, recovering at a matching open element", async () => {
    // No wall-clock threshold (speed lives in `npm run bench`): quadratic scans of these
    // inputs took tens of seconds, past this test's timeout; linear ones take milliseconds.
    const n = 20000;
    const deep = await readVtkSeries([
      { name: "d.vtu", text: "<a>".repeat(200) + "</b>".repeat(n) },
    ]);
    const attrs = await readVtkSeries([{ name: "t.vtu", text: `<a ${'x="1" '.repeat(10 * n)}` }]);
    // n stray end tags, 200 elements left open, and a root that is not <VTKFile>:
    // the first 1,000 VTK001 kept, the rest counted in one FMT007 (decision 254).
    const found = deep.report[0]!.diagnostics;
    expect(found.map((d) => d.code).filter((c) => c !== "VTK001")).toEqual(["FMT007", "VTK002"]);
    expect(found.find((d) => d.code === "FMT007")!.args?.count).toBe(n + 200 - 1000);
    expect(attrs.report[0]!.diagnostics.map((d) => d.code)).toEqual(["VTK001", "VTK002"]);
    const recovered = await readVtkSeries([
      { name: "r.vtu", text: '<VTKFile type="X"><a><b></a><c/></VTKFile>' },
    ]);
    expect(recovered.report[0]!.diagnostics.map((d) => d.message)).toEqual([
      "end tag '</a>' where '</b>' was expected",
      "VTKFile type 'X' is not UnstructuredGrid, PolyData, ImageData, StructuredGrid, RectilinearGrid, the parallel PUnstructuredGrid/PPolyData, Collection or vtkMultiBlockDataSet",
    ]);
  }, 20_000);

  it("draws a progress bar only on a terminal", async () => {
    const amx = fileURLToPath(new URL("../../../demo/slider-crank.amx", import.meta.url));
    for (const isTTY of [true, false]) {
      let err = "";
      const io = {
        out: () => {},
        err: (t: string) => {
          err += t;
        },
        cwd: process.cwd(),
        isTTY,
      };
      const out = join(mkdtempSync(join(tmpdir(), "deforma-bar-")), "v");
      expect(await run(["mixed", "export", amx, "--vtk", out, "--fps", "2"], io)).toBe(0);
      if (isTTY) expect(err).toContain("] 7/7 frames");
      else expect(err).not.toContain("\r");
    }
  });
});
