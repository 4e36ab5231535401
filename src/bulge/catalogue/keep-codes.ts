/**
 * Codes that stay: removing a definition from a `bulge_types` text without
 * changing any other definition's code. A code in a file is not the code
 * written: a later definition whose written code is taken gets the smallest
 * free one (Alias's rule, `reassignCodes`), so cutting a definition can
 * change the code of a reassigned one after it (or, when the cut one held the
 * written code first, give it back its written code). When that would
 * happen, each reassigned survivor's code is written in place of its written
 * one ("pinned"): the file then has no duplicate code left and reads back
 * with every survivor's code unchanged.
 */
import { type Diagnostic, DiagnosticSink, type Span } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { BLG, type BulgeCode, type BulgeKind } from "./codes.js";
import type { BulgeDefinition } from "./model.js";
import { type BulgeTypesReadResult, readBulgeTypes } from "./read.js";
import { shownName } from "./validate.js";

/** What {@link removeKeepingCodes} did. */
export interface RemoveResult {
  /** The new text. */
  readonly text: string;
  /** The definition removed (as read, with its line in the old text). */
  readonly removed: BulgeDefinition;
  /**
   * One BLG022 note per definition whose code was written in place of its
   * written one, located in the new text; empty when the cut alone kept every code.
   */
  readonly pinned: Diagnostic<BulgeCode>[];
  /** Whether every surviving code is unchanged (checked by reading the new text back); never write it otherwise. */
  readonly keeps: boolean;
}

/** Each listed definition's code, by its index among all the file's definitions. */
function codesBySyntax(r: BulgeTypesReadResult): Map<number, BulgeDefinition> {
  const out = new Map<number, BulgeDefinition>();
  const index = new Map(r.syntax.definitions.map((s, i) => [s.definition, i] as const));
  for (const d of r.model.bulges) out.set(index.get(d)!, d);
  return out;
}

/** Whether every listed definition of `after` (its syntax index shifted past `cut`) has its code in `before`. */
function sameCodes(
  before: Map<number, BulgeDefinition>,
  after: BulgeTypesReadResult,
  cut: number,
): boolean {
  const now = codesBySyntax(after);
  if (now.size !== before.size - 1) return false;
  for (const [i, d] of now) {
    const old = before.get(i >= cut ? i + 1 : i);
    if (old?.code !== d.code) return false;
  }
  return true;
}

/**
 * The text without the lister's definition of code `code` (see
 * `removeDefinition` for which lines go), with every other listed
 * definition's code unchanged; undefined when no listed definition has that
 * code. Never changes a surviving code: when the cut alone would, the
 * reassigned survivors are pinned (their code written in the text).
 */
export function removeKeepingCodes(text: string, code: number): RemoveResult | undefined {
  const r = readBulgeTypes(text);
  const removed = r.model.bulges.find((d) => d.code === code);
  if (!removed) return undefined;
  const cut = r.syntax.definitions.findIndex((s) => s.definition === removed);
  const [from, to] = cutRange(text, r.syntax.definitions[cut]!.extent);
  const plain = text.slice(0, from) + text.slice(to);
  const before = codesBySyntax(r);
  const after = readBulgeTypes(plain);
  if (sameCodes(before, after, cut)) return { text: plain, removed, pinned: [], keeps: true };
  // Pin every reassigned survivor: its code written where its written code was.
  const edits: Pin[] = [];
  after.syntax.definitions.forEach((s, i) => {
    const j = i >= cut ? i + 1 : i;
    const old = before.get(j);
    const span = r.syntax.definitions[j]!.spans.code;
    const written = Number(text.slice(span[0], span[1]));
    if (old && written !== old.code)
      edits.push({ span: s.spans.code, name: old.name, code: old.code, written });
  });
  let out = "";
  let at = 0;
  const sink = new DiagnosticSink<BulgeKind>();
  for (const e of edits) {
    out += plain.slice(at, e.span[0]);
    const start = out.length;
    out += String(e.code);
    at = e.span[1];
    sink.report(
      BLG.codeKept,
      msg`bulge ${{ bulge: shownName(e.name) }} keeps code ${{ code: e.code }}: its written code ${{ written: e.written }} was taken, so ${e.code} is now written in its place`,
      start,
      out.length,
    );
  }
  out += plain.slice(at);
  const keeps = sameCodes(before, readBulgeTypes(out), cut);
  return { text: out, removed, pinned: sink.items, keeps };
}

/** A reassigned survivor's code to write in place of its written one. */
interface Pin {
  /** Where its written code stands in the cut text. */
  readonly span: Span;
  readonly name: string;
  readonly code: number;
  readonly written: number;
}

/** Whether `text[from, to)` holds only blanks (spaces and tabs). */
function blank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** The offset where the line holding `at` begins. */
function lineStart(text: string, at: number): number {
  let s = at;
  while (s > 0 && text[s - 1] !== "\n" && text[s - 1] !== "\r") s--;
  return s;
}

/** The line (with its line break) that ends just before offset `at`. */
function lastLine(text: string, at: number): string {
  let s = at - 1;
  if (s < 0) return "";
  if (text[s] === "\n" && text[s - 1] === "\r") s--;
  return text.slice(lineStart(text, s), at);
}

/**
 * The range to cut for a definition spanning `extent`: whole lines when it
 * has its lines to itself (a comment block just before the next definition
 * stays: it describes that one); only the extent when it shares a line with
 * another definition's text.
 */
export function cutRange(text: string, extent: Span): [number, number] {
  let from = extent[0];
  const ls = lineStart(text, from);
  if (blank(text, ls, from)) from = ls;
  let to = extent[1];
  if (to >= text.length) {
    // The last definition: the blank lines that separated it from the one before go too.
    if (from === ls)
      while (from > 0 && /^[ \t]*\r?\n$/.test(lastLine(text, from)))
        from -= lastLine(text, from).length;
    return [from, to];
  }
  const nextLine = lineStart(text, to);
  if (!blank(text, nextLine, to) || nextLine <= from) return [from, to];
  to = nextLine;
  // Keep the comment lines (and the blanks between them) just before the next definition.
  let keep = to;
  for (;;) {
    let s = keep - 1;
    if (s <= from) break;
    if (text[s] === "\n" && text[s - 1] === "\r") s--;
    const start = Math.max(from, lineStart(text, s));
    const line = text.slice(start, s).trim();
    if (line.startsWith("#") || (line === "" && keep !== to)) keep = start;
    else break;
  }
  if (from === ls) return [from, keep];
  // Cut from inside a line: the line break before what stays is kept, so a comment stays one.
  let lb = keep - 1;
  if (text[lb] === "\n" && text[lb - 1] === "\r") lb--;
  return [from, Math.max(from, lb)];
}
