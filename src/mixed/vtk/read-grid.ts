/** Reading an UnstructuredGrid or PolyData file: its pieces (points, cells mapped to the `.agr` kinds, see cells.ts, and point data), merged. */
import type { DiagnosticSink } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { attr, attrStart, childrenNamed, type XmlElement } from "../../core/xml.js";
import { gatherCellData, mappedFields, reportCellBudget } from "./cell-data.js";
import { type MappedCells, mapCells, type PolyhedronFaces } from "./cells.js";
import { VTK } from "./codes.js";
import { mergeFrames } from "./merge.js";
import type { VtkFrame } from "./model.js";
import { type ArraySize, type DataContext, type DecodedArray, readDataArray } from "./read-data.js";
import { readPolyCells } from "./read-poly.js";
import { sourceFields } from "./read-text.js";

/** A parsed file: its root element, the storage context and its findings. */
export interface Parsed {
  /** The file's name as the series knows it. */
  readonly file: string;
  readonly root: XmlElement | undefined;
  readonly ctx: DataContext;
  readonly sink: DiagnosticSink;
  /** A legacy `.vtk` file: read whole when opened, its frame (undefined when it cannot be read). */
  readonly legacy?: { readonly frame: VtkFrame | undefined };
}

/** Reports that the file is not of a type that can be read here. */
export function wrongType(p: Parsed): void {
  const root = p.root!;
  const type = attr(root, "type");
  p.sink.report(
    VTK.fileType,
    root.name !== "VTKFile"
      ? `root element '<${root.name}>' is not <VTKFile>`
      : `VTKFile type '${type ?? ""}' is not UnstructuredGrid, PolyData, ImageData, StructuredGrid, RectilinearGrid, the parallel PUnstructuredGrid/PPolyData, Collection or vtkMultiBlockDataSet`,
    root.name === "VTKFile" ? attrStart(root, "type") : root.start,
  );
}

/**
 * The frame of an UnstructuredGrid or PolyData file, or undefined when it
 * cannot be read (reported). Several Pieces are merged, as VTK's reader does:
 * points one piece after another, each piece's cells shifted by the points
 * before it, point arrays concatenated (see {@link checkPieceArrays}).
 */
export async function readGrid(
  file: string,
  p: Parsed,
  time: number | undefined,
): Promise<VtkFrame | undefined> {
  const root = p.root!;
  const { sink, ctx } = p;
  const kind = attr(root, "type");
  if (root.name !== "VTKFile" || (kind !== "UnstructuredGrid" && kind !== "PolyData"))
    return void wrongType(p);
  const grid = childrenNamed(root, kind)[0];
  const pieces = grid ? childrenNamed(grid, "Piece") : [];
  if (!grid || pieces.length === 0)
    return void sink.report(VTK.missingSection, `no <${kind}><Piece>`, root.start);
  if (time === undefined) {
    for (const fd of childrenNamed(grid, "FieldData")) {
      for (const a of childrenNamed(fd, "DataArray")) {
        if (attr(a, "Name") !== "TimeValue") continue;
        const v = await readDataArray(ctx, a, { max: 16 });
        if (v && v.values.length > 0) time = v.values[0];
      }
    }
  }
  const frames: VtkFrame[] = [];
  for (const piece of pieces) {
    const f = await readPiece(file, p, kind, piece, time);
    if (!f) return undefined;
    frames.push(f);
  }
  if (frames.length > 1) checkPieceArrays(sink, frames, pieces);
  return mergeFrames(frames);
}

/**
 * Reports (VTK025) each point array that some piece lacks or holds with
 * other components than the first piece that has it, naming that piece;
 * {@link mergeFrames} then leaves the array out.
 */
function checkPieceArrays(
  sink: DiagnosticSink,
  frames: readonly VtkFrame[],
  pieces: readonly XmlElement[],
): void {
  for (const what of ["point", "cell"] as const) {
    const arrays = (f: VtkFrame) => (what === "point" ? f.pointData : f.cellData);
    const seen = new Map<string, number>();
    for (const f of frames)
      for (const a of arrays(f)) seen.set(a.name, seen.get(a.name) ?? a.components);
    for (const [name, components] of seen) {
      const k = frames.findIndex(
        (f) => !arrays(f).some((a) => a.name === name && a.components === components),
      );
      if (k < 0) continue;
      const where = { array: name, piece: k, pieces: frames.length };
      sink.report(
        what === "point" ? VTK.pieceArray : VTK.pieceCellArray,
        what === "point"
          ? msg`point array '${{ array: where.array }}' is missing in Piece ${{ piece: where.piece }} of ${{ pieces: where.pieces }} (or has other components there): it is left out`
          : msg`cell array '${{ array: where.array }}' is missing in Piece ${{ piece: where.piece }} of ${{ pieces: where.pieces }} (or has other components there): it is left out`,
        pieces[k]!.start,
      );
    }
  }
}

/** One Piece as a frame, or undefined (reported). */
async function readPiece(
  file: string,
  p: Parsed,
  kind: "UnstructuredGrid" | "PolyData",
  piece: XmlElement,
  time: number | undefined,
): Promise<VtkFrame | undefined> {
  const { sink, ctx } = p;
  const points = childrenNamed(piece, "Points")[0];
  const pointCount = Number(attr(piece, "NumberOfPoints"));
  if (!(Number.isInteger(pointCount) && pointCount >= 0))
    return void sink.report(VTK.missingSection, "NumberOfPoints must be a count", piece.start);
  const pointArray = points && childrenNamed(points, "DataArray")[0];
  if (!pointArray)
    return void sink.report(VTK.missingSection, "no <Points><DataArray>", piece.start);
  const xyz = await readDataArray(ctx, pointArray, pointCount);
  if (!xyz) return undefined;
  if (xyz.components !== 3)
    return void sink.report(VTK.dataArray, "Points must have 3 components", pointArray.start);
  const mapped =
    kind === "PolyData"
      ? await readPolyCells(sink, ctx, piece, pointCount)
      : await readCells(p, piece, pointCount);
  if (!mapped) return undefined;
  const cells = gatherCellData(await readAttributes(p, piece, "cell", mapped.fileCells), mapped);
  for (const d of cells.dropped) reportCellBudget(sink, d, piece.start, piece.start);
  return {
    file,
    start: piece.start,
    ...sourceFields(ctx.source),
    time,
    points: xyz.values,
    pointCount,
    ...mappedFields(mapped),
    pointData: await readAttributes(p, piece, "point", pointCount),
    cellData: cells.arrays,
  };
}

/**
 * The arrays of the Piece's PointData or CellData of `n` tuples (one per
 * point, or per file cell); an array of another length is reported and left out.
 */
async function readAttributes(
  p: Parsed,
  piece: XmlElement,
  what: "point" | "cell",
  n: number,
): Promise<DecodedArray[]> {
  const out: DecodedArray[] = [];
  const section = childrenNamed(piece, what === "point" ? "PointData" : "CellData")[0];
  for (const a of section ? childrenNamed(section, "DataArray") : []) {
    const v = await readDataArray(p.ctx, a, { max: n });
    if (!v) continue;
    if (v.values.length === n * v.components) {
      out.push(v);
      continue;
    }
    const found = v.values.length / v.components;
    p.sink.report(
      what === "point" ? VTK.arrayLength : VTK.cellDataLength,
      what === "point"
        ? msg`point array '${v.name}' has ${{ found }} tuples for ${{ expected: n }} points`
        : msg`cell array '${{ array: v.name }}' has ${{ found }} tuples for ${{ expected: n }} cells: it is left out`,
      a.start,
    );
  }
  return out;
}

/** The cells of an UnstructuredGrid piece, mapped (see cells.ts), or undefined (reported). */
async function readCells(
  p: Parsed,
  piece: XmlElement,
  pointCount: number,
): Promise<MappedCells | undefined> {
  const { sink, ctx } = p;
  const cells = childrenNamed(piece, "Cells")[0];
  const cellCount = Number(attr(piece, "NumberOfCells"));
  if (!(Number.isInteger(cellCount) && cellCount >= 0))
    return void sink.report(VTK.missingSection, "NumberOfCells must be a count", piece.start);
  const named = (n: string) =>
    cells ? childrenNamed(cells, "DataArray").find((a) => attr(a, "Name") === n) : undefined;
  const arrays: (DecodedArray | undefined)[] = [];
  // What each cell array may hold: types one per cell, offsets one per cell (or one more).
  const sizes: Record<string, ArraySize | undefined> = {
    connectivity: undefined,
    offsets: { max: cellCount + 1 },
    types: cellCount,
  };
  for (const n of ["connectivity", "offsets", "types"]) {
    const a = named(n);
    if (!a)
      sink.report(VTK.missingSection, `no <Cells><DataArray Name="${n}">`, (cells ?? piece).start);
    arrays.push(a && (await readDataArray(ctx, a, sizes[n])));
  }
  const [conn, offs, typs] = arrays;
  if (!conn || !offs || !typs) return undefined;
  const cellsAt = cells!.start;
  if (typs.values.length !== cellCount) {
    return void sink.report(
      VTK.cellNodes,
      `${typs.values.length} cell types for ${cellCount} cells`,
      cellsAt,
    );
  }
  // End offsets (VTK XML); a leading 0 (begin offsets, cellCount + 1 of them) is accepted too.
  // Longer data (DOLFIN pads its compressed offsets with zeros): the first ones, as VTK reads.
  const o = offs.values;
  const shift = o.length === cellCount + 1 && o[0] === 0 ? 1 : 0;
  if (o.length - shift < cellCount) {
    return void sink.report(VTK.cellNodes, `${o.length} offsets for ${cellCount} cells`, cellsAt);
  }
  // Polyhedra (type 42) draw the faces of their `faces` stream, one stream end per cell in `faceoffsets`.
  let faces: PolyhedronFaces | undefined;
  if (typs.values.includes(42)) {
    const f = named("faces");
    const fo = named("faceoffsets");
    if (!f || !fo)
      return void sink.report(
        VTK.missingSection,
        'polyhedron cells (type 42) but no <Cells><DataArray Name="faces"> and "faceoffsets"',
        cellsAt,
      );
    const stream = await readDataArray(ctx, f);
    const ends = await readDataArray(ctx, fo, cellCount);
    if (!stream || !ends) return undefined;
    faces = { stream: stream.values, ends: ends.values };
  }
  // The same three arrays as the series' last file (read-memo.ts): the same mapping.
  const kept = ctx.memo?.mapped(typs.values, o, conn.values, pointCount, faces);
  if (kept) return kept;
  const mapped = mapCells(typs.values, o, shift, conn.values, pointCount, faces);
  if ("error" in mapped)
    return void sink.report(mapped.cellType ? VTK.cellType : VTK.cellNodes, mapped.error, cellsAt);
  if (!faces && !mapped.extraIds)
    ctx.memo?.keepMapped(typs.values, o, conn.values, pointCount, mapped);
  return mapped;
}
