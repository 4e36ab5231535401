/**
 * The parallel forms of structured data (`.pvti` PImageData, `.pvts`
 * PStructuredGrid, `.pvtr` PRectilinearGrid): the index's WholeExtent (and
 * an image's Origin, Spacing and Direction) declare the grid; each
 * `<Piece Extent Source>` names a file whose Pieces fill their part of it, as
 * VTK's parallel readers do (points two pieces share are one point). Each
 * piece file's findings are its own.
 */
import { resolveSibling as resolvePath } from "../../core/path.js";
import { attr, attrStart, childrenNamed } from "../../core/xml.js";
import { VTK } from "./codes.js";
import type { VtkFrame } from "./model.js";
import type { Parsed } from "./read-grid.js";
import { beginGrid, finishGrid, readPieces } from "./read-structured.js";

/** Each parallel structured type and the type of its piece files. */
export const PARALLEL_STRUCTURED: ReadonlyMap<string, string> = new Map([
  ["PImageData", "ImageData"],
  ["PStructuredGrid", "StructuredGrid"],
  ["PRectilinearGrid", "RectilinearGrid"],
]);

/** Opens the file `name` that `from` names at offset `at`, or undefined (reported in `from`). */
export type OpenNamed = (from: Parsed, at: number, name: string) => Promise<Parsed | undefined>;

/** The frame of the parallel index `p` (`name`, of `type`), or undefined (reported). */
export async function readParallelStructured(
  open: OpenNamed,
  p: Parsed,
  name: string,
  type: string,
  time: number | undefined,
): Promise<VtkFrame | undefined> {
  const kind = PARALLEL_STRUCTURED.get(type)!;
  const g = beginGrid(p, kind, type);
  if (!g) return undefined;
  const sources = childrenNamed(g.grid, "Piece").filter((e) => attr(e, "Source"));
  if (sources.length === 0)
    return void p.sink.report(VTK.missingSection, `no <${type}><Piece Source=…>`, g.grid.start);
  let index = 0;
  for (const e of sources) {
    const at = attrStart(e, "Source");
    const q = await open(p, at, resolvePath(name, attr(e, "Source") ?? ""));
    if (!q?.root) return undefined;
    const own = attr(q.root, "type");
    if (own !== kind)
      return void p.sink.report(
        VTK.fileType,
        `'${attr(e, "Source")}' is of type '${own ?? ""}', not the ${kind} a ${type} names`,
        at,
      );
    const grid = childrenNamed(q.root, kind)[0];
    const pieces = grid ? childrenNamed(grid, "Piece") : [];
    if (!(await readPieces(q, kind, pieces, [index, sources.length], g.whole))) return undefined;
    index += pieces.length;
  }
  return finishGrid(name, p, g, time);
}
