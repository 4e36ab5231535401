/**
 * The CalculiX `.frd` reader: pure over bytes, never throws. It reads the
 * header records (1C, 1U), the first node block (2C), the first element
 * block (3C) and every nodal result block (100C), in ASCII or binary, and
 * hands the steps over as {@link VtkFrame}s (see frames.ts). The first
 * error stops the read (no frames); warnings do not.
 */

import type { Diagnostic } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import type { VtkFrame } from "../vtk/index.js";
import { FRD } from "./codes.js";
import { FrdCursor, type Line } from "./cursor.js";
import { buildFrames, groupSteps } from "./frames.js";
import { type FrdCells, type FrdNodes, readElements, readNodes } from "./mesh.js";
import { type FrdResult, readResult } from "./results.js";

/** What {@link readFrd} found. */
export interface FrdRead {
  /** One frame per step (the mesh alone when there is no result); empty after an error. */
  readonly frames: VtkFrame[];
  readonly diagnostics: readonly Diagnostic[];
  /** The file's text when it has no binary block (findings by line and column), else undefined (bytes). */
  readonly text: string | undefined;
  readonly binary: boolean;
  /** The node numbers, in point order (empty after an error). */
  readonly labels: Int32Array;
  /** The 1C and 1U records: name → text. */
  readonly header: Readonly<Record<string, string>>;
}

/** The kind of a block header line: `1C`, `1U`, `1P`, `2C`, `3C`, `100C`, `9999`, or another. */
function recordKind(l: Line): string {
  const t = l.text;
  if (t.trim() === "9999") return "9999";
  const m = /^\s*(\d+)([A-Z])/.exec(t.slice(0, 6));
  return m ? `${m[1]}${m[2]}` : FrdCursor.key(l);
}

/** Skips an unknown block to its `-3` record (FRD014). */
function skipBlock(c: FrdCursor, l: Line): void {
  const record = l.text.trim().slice(0, 12);
  c.sink.report(
    FRD.unknownRecord,
    msg`block ${{ record }} is not read`,
    l.start,
    l.start + l.text.length,
  );
  for (let n = c.line(); n && FrdCursor.key(n) !== "-3"; n = c.line());
}

/** Reads the `.frd` `bytes` (named `file` in its frames). */
export function readFrd(bytes: Uint8Array, file: string): FrdRead {
  const c = new FrdCursor(bytes);
  const header: Record<string, string> = {};
  const results: FrdResult[] = [];
  let nodes: FrdNodes | undefined;
  let cells: FrdCells | undefined;
  let ended = false;
  let first = true;
  for (let l = c.line(); l && !c.sink.failed; l = c.line()) {
    if (l.text.trim() === "") continue;
    const kind = recordKind(l);
    if (first && !["1C", "1U", "1P", "2C", "3C"].includes(kind)) {
      c.sink.report(
        FRD.header,
        msg`not a .frd: its first record is not 1C, 1U, 1P, 2C or 3C`,
        l.start,
      );
      break;
    }
    first = false;
    if (kind === "9999") {
      ended = true;
      break;
    }
    if (kind === "1C") header.job = l.text.slice(6).trim();
    else if (kind === "1U") {
      const [key = "", ...rest] = l.text.slice(6).trim().split(/\s+/);
      if (key) header[key] = rest.join(" ");
    } else if (kind === "1P") continue;
    else if (kind === "2C" && nodes) secondMesh(c, l, "node", () => readNodes(c, l));
    else if (kind === "2C") nodes = readNodes(c, l);
    else if (kind === "3C" && cells) secondMesh(c, l, "element", () => readElements(c, l, nodes!));
    else if (kind === "3C" && !nodes) noMesh(c, l);
    else if (kind === "3C") cells = readElements(c, l, nodes!);
    else if (kind === "100C" && !(nodes && cells)) noMesh(c, l);
    else if (kind === "100C") {
      const r = readResult(c, l, nodes!);
      if (r) results.push(r);
    } else skipBlock(c, l);
  }
  if (first && !c.sink.failed)
    c.sink.report(FRD.header, msg`not a .frd: the file holds no record`, 0);
  if (!c.sink.failed && !(nodes && cells)) noMesh(c, undefined);
  if (!ended && !c.sink.failed)
    c.sink.report(
      FRD.noEnd,
      msg`the file ends without its 9999 record: what was read whole is kept`,
      bytes.length,
    );
  const text = c.binary ? undefined : c.text;
  if (c.sink.failed || !nodes || !cells)
    return {
      frames: [],
      diagnostics: c.sink.items,
      text,
      binary: c.binary,
      header,
      labels: new Int32Array(0),
    };
  const frames = buildFrames(file, text, nodes, cells, groupSteps(results), c.sink);
  return {
    frames,
    diagnostics: c.sink.items,
    text,
    binary: c.binary,
    header,
    labels: nodes.labels,
  };
}

/** FRD016: a second node or element block is skipped, the first mesh kept. */
function secondMesh(c: FrdCursor, l: Line, block: string, read: () => unknown): void {
  c.sink.report(
    FRD.secondMesh,
    msg`a second ${{ block }} block is not read: the first mesh is kept`,
    l.start,
  );
  // A binary block has no end record to skip to: its records are read and dropped.
  if (/\s[23]\s*$/.test(l.text)) read();
  else for (let n = c.line(); n && FrdCursor.key(n) !== "-3"; n = c.line());
}

/** FRD012: no node or no element block before `l` (or in the file). */
function noMesh(c: FrdCursor, l: Line | undefined): void {
  c.sink.report(
    FRD.noMesh,
    msg`no node block (2C) or no element block (3C) ${l ? "before this block" : "in the file"}`,
    l?.start ?? 0,
  );
}
