/**
 * The cells of a PolyData piece (`.vtp`): its Verts, Lines, Polys and Strips,
 * in VTK's order, read as cells of types 2 (poly-vertex), 4 (poly-line),
 * 7 (polygon) and 6 (triangle strip) and mapped as cells.ts says (vertices
 * and lines skipped, polygons and strips cut into triangles, 4-point polygons
 * kept as quads).
 */
import type { Reporter } from "../../core/diagnostics.js";
import { attr, childrenNamed, type XmlElement } from "../../core/xml.js";
import { type MappedCells, mapCells } from "./cells.js";
import { VTK } from "./codes.js";
import { type DataContext, readDataArray } from "./read-data.js";

const SECTIONS = [
  ["Verts", 2],
  ["Lines", 4],
  ["Polys", 7],
  ["Strips", 6],
] as const;

/** The cells of PolyData `piece`, mapped, or undefined (reported). */
export async function readPolyCells(
  sink: Reporter,
  ctx: DataContext,
  piece: XmlElement,
  pointCount: number,
): Promise<MappedCells | undefined> {
  const types: number[] = [];
  const ends: number[] = [];
  const conn: number[] = [];
  for (const [section, type] of SECTIONS) {
    const count = Number(attr(piece, `NumberOf${section}`) ?? "0");
    if (!(Number.isInteger(count) && count >= 0))
      return void sink.report(
        VTK.missingSection,
        `NumberOf${section} must be a count`,
        piece.start,
      );
    if (count === 0) continue;
    const e = childrenNamed(piece, section)[0];
    const named = (n: string) =>
      e && childrenNamed(e, "DataArray").find((a) => attr(a, "Name") === n);
    const c = named("connectivity");
    const o = named("offsets");
    if (!e || !c || !o) {
      return void sink.report(
        VTK.missingSection,
        `${count} ${section} but no <${section}> connectivity and offsets`,
        (e ?? piece).start,
      );
    }
    const cv = await readDataArray(ctx, c);
    const ov = await readDataArray(ctx, o, { max: count + 1 });
    if (!cv || !ov) return undefined;
    const v = ov.values;
    const shift = v.length === count + 1 && v[0] === 0 ? 1 : 0;
    if (v.length - shift !== count || v[v.length - 1] !== cv.values.length) {
      return void sink.report(
        VTK.cellNodes,
        `<${section}>: ${v.length} offsets ending at ${v[v.length - 1]} for ${count} cells and ${cv.values.length} connectivity entries`,
        e.start,
      );
    }
    const base = conn.length;
    for (let k = 0; k < count; k++) {
      types.push(type);
      ends.push(base + v[k + shift]!);
    }
    for (const x of cv.values) conn.push(x);
  }
  const mapped = mapCells(types, ends, 0, conn, pointCount);
  if ("error" in mapped)
    return void sink.report(
      mapped.cellType ? VTK.cellType : VTK.cellNodes,
      mapped.error,
      piece.start,
    );
  return mapped;
}
