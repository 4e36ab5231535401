/**
 * The attributes of a legacy VTK file's POINT_DATA and CELL_DATA (SCALARS,
 * VECTORS, NORMALS, TENSORS, TENSORS6, TEXTURE_COORDINATES, GLOBAL_IDS,
 * PEDIGREE_IDS, EDGE_FLAGS, FIELD; COLOR_SCALARS and LOOKUP_TABLE parsed
 * past), and the dataset's own FIELD (its time). Point data becomes the
 * frame's point arrays, cell data its cell arrays (one tuple per file cell;
 * the reader gives them to the cells they become).
 */

import { msg } from "../../core/message.js";
import { VTK } from "./codes.js";
import { decodeName, type LegacyCursor, type Token } from "./legacy-cursor.js";
import type { DecodedArray } from "./read-data.js";

/** The attribute keywords of POINT_DATA and CELL_DATA. */
export const ATTRIBUTES = new Set([
  "scalars",
  "color_scalars",
  "lookup_table",
  "vectors",
  "normals",
  "texture_coordinates",
  "tensors",
  "tensors6",
  "field",
  "global_ids",
  "pedigree_ids",
  "edge_flags",
]);

/** Where the attributes go: the reader's current section, its point arrays and the frame's time. */
export interface AttributeReader extends LegacyCursor {
  /** Point data (`n` tuples, kept unless its count is wrong), cell data, or undefined: the dataset's field data. */
  target:
    | { readonly what: "point" | "cell"; readonly n: number; readonly keep: boolean }
    | undefined;
  readonly pointData: DecodedArray[];
  /** Cell data as read: one tuple per cell of the file. */
  readonly cellData: DecodedArray[];
  time: number | undefined;
}

/** One attribute of POINT_DATA or CELL_DATA (or a dataset FIELD). */
export function readAttribute(r: AttributeReader, t: Token): void {
  const n = r.target?.n ?? 0;
  const keep = r.target?.keep === true;
  const name = () => decodeName(r.need(`the name of ${t.s.toUpperCase()}`).s);
  switch (t.k) {
    case "scalars": {
      const nm = name();
      const type = r.type(`SCALARS ${nm}`);
      const c = r.tokenOnLine();
      const components = c ? Number(c.s) : 1;
      if (c && !(/^\d+$/.test(c.s) && components >= 1 && components <= 4))
        r.fail(
          VTK.legacySyntax,
          `SCALARS ${nm}: '${c.s}' is not a number of components (1 … 4)`,
          c.start,
          c.end,
        );
      // VTK writes `LOOKUP_TABLE name` after SCALARS; accepted when absent.
      const mark = r.pos;
      const lt = r.binary ? r.peekWord() : r.token();
      if (lt?.k === "lookup_table") {
        r.pos = lt.end;
        r.need(`the lookup table name of SCALARS ${nm}`);
      } else r.pos = mark;
      readArray(r, nm, components, n, type, t.start, keep);
      return;
    }
    case "color_scalars": {
      const nm = name();
      const m = r.count(`the component count of COLOR_SCALARS ${nm}`);
      const type = r.fixedType(r.binary ? "unsigned_char" : "float");
      r.values(n * m, type, `COLOR_SCALARS ${nm}`, t.start, false);
      return;
    }
    case "lookup_table": {
      const nm = name();
      const size = r.count(`the size of LOOKUP_TABLE ${nm}`);
      const type = r.fixedType(r.binary ? "unsigned_char" : "float");
      r.values(4 * size, type, `LOOKUP_TABLE ${nm}`, t.start, false);
      return;
    }
    case "vectors":
    case "normals": {
      const nm = name();
      readArray(r, nm, 3, n, r.type(`${t.s} ${nm}`), t.start, keep);
      return;
    }
    case "tensors":
    case "tensors6": {
      const nm = name();
      const c = t.k === "tensors" ? 9 : 6;
      readArray(r, nm, c, n, r.type(`${t.s} ${nm}`), t.start, keep);
      return;
    }
    case "texture_coordinates": {
      const nm = name();
      const dim = r.count(`the dimension of TEXTURE_COORDINATES ${nm}`);
      if (dim < 1 || dim > 3)
        r.fail(
          VTK.legacySyntax,
          `TEXTURE_COORDINATES ${nm}: dimension ${dim} is not 1 … 3`,
          t.start,
        );
      readArray(r, nm, dim, n, r.type(`TEXTURE_COORDINATES ${nm}`), t.start, keep);
      return;
    }
    case "global_ids":
    case "pedigree_ids":
    case "edge_flags": {
      const nm = name();
      readArray(r, nm, 1, n, r.type(`${t.s} ${nm}`), t.start, keep);
      return;
    }
    case "field":
      readField(r);
      return;
  }
}

/** `FIELD name k`, then k arrays `name components tuples type` with their data. */
function readField(r: AttributeReader): void {
  r.need("the FIELD name");
  const k = r.count("the FIELD array count");
  for (let a = 0; a < k; a++) {
    let nt = r.need(`array ${a + 1} of ${k} of FIELD`);
    while (nt.k === "metadata") {
      r.metadata();
      nt = r.need(`array ${a + 1} of ${k} of FIELD`);
    }
    if (nt.s === "NULL_ARRAY") continue;
    const nm = decodeName(nt.s);
    const components = r.count(`the component count of ${nm}`);
    const tuples = r.count(`the tuple count of ${nm}`);
    const type = r.type(nm);
    if (components < 1)
      r.fail(VTK.legacySyntax, `FIELD array ${nm}: 0 components`, nt.start, nt.end);
    if (!r.target) {
      // The dataset's own field data: a time (TimeValue, TIME) is taken.
      const v = r.values(components * tuples, type, nm, nt.start, tuples * components <= 16);
      if (v && v.length > 0 && /^(timevalue|time)$/i.test(nm)) r.time = v[0];
      continue;
    }
    if (r.target.keep && tuples !== r.target.n) {
      r.values(components * tuples, type, nm, nt.start, false);
      const expected = r.target.n;
      r.sink.report(
        r.target.what === "point" ? VTK.arrayLength : VTK.cellDataLength,
        r.target.what === "point"
          ? msg`point array '${nm}' has ${{ found: tuples }} tuples for ${{ expected }} points`
          : msg`cell array '${{ array: nm }}' has ${{ found: tuples }} tuples for ${{ expected }} cells: it is left out`,
        nt.start,
        nt.end,
      );
      continue;
    }
    readArray(r, nm, components, tuples, type, nt.start, r.target.keep);
  }
}

/** Reads (or skips) an attribute array of `tuples` × `components` values. */
function readArray(
  r: AttributeReader,
  name: string,
  components: number,
  tuples: number,
  type: Token,
  at: number,
  keep: boolean,
): void {
  const string = type.k === "string" || type.k === "utf8_string";
  const v = r.values(tuples * components, type, name, at, keep && !string);
  if (v)
    (r.target?.what === "cell" ? r.cellData : r.pointData).push({ name, components, values: v });
}
