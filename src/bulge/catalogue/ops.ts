/**
 * Operations on catalogues: copying a definition, merging two catalogues
 * (colliding codes reassigned, nothing lost), removing a definition from a
 * file's text (everything else kept byte for byte), and the codes in use.
 */
import type { Span } from "../../core/diagnostics.js";
import type { BulgeCatalogue, BulgeDefinition, ErrlogEntry } from "./model.js";
import { readBulgeTypes, reassignCodes } from "./read.js";
import { shownName } from "./validate.js";

/** A deep copy of a definition. */
export function copyDefinition(def: BulgeDefinition): BulgeDefinition {
  return {
    name: def.name,
    code: def.code,
    line: def.line,
    sections: def.sections.map((s) => ({
      angle: s.angle,
      keypoints: s.keypoints.map((k) => [k[0], k[1], k[2]]),
    })),
  };
}

/** Whether two definitions have the same name, code and sections (their lines aside). */
export function sameDefinition(a: BulgeDefinition, b: BulgeDefinition): boolean {
  return (
    a.name === b.name &&
    a.code === b.code &&
    a.sections.length === b.sections.length &&
    a.sections.every((s, i) => {
      const t = b.sections[i]!;
      return (
        s.angle === t.angle &&
        s.keypoints.length === t.keypoints.length &&
        s.keypoints.every((k, j) => k.every((v, m) => v === t.keypoints[j]![m]))
      );
    })
  );
}

/** What {@link mergeCatalogues} did. */
export interface MergeResult {
  /** A's definitions, then B's (line 0: made in memory); codes unique. */
  readonly catalogue: BulgeCatalogue;
  /** One `code-reassigned` entry per definition of B that got a new code (`line` is its line in B). */
  readonly reassigned: ErrlogEntry[];
  /** Definitions of B identical to one of A (name, code and shape), not added twice. */
  readonly identical: BulgeDefinition[];
}

/**
 * Merges catalogue `b` into `a`: every definition of both, A's first with
 * their codes; a definition of B whose code is taken gets the smallest code
 * used by neither (Alias's rule for duplicates). A definition of B identical
 * to one of A is not added twice. The inputs are not changed.
 */
export function mergeCatalogues(a: BulgeCatalogue, b: BulgeCatalogue): MergeResult {
  const identical: BulgeDefinition[] = [];
  const fromB = b.bulges.filter((d) => {
    const twin = a.bulges.some((x) => sameDefinition(x, d));
    if (twin) identical.push(d);
    return !twin;
  });
  const all = [...a.bulges, ...fromB].map(copyDefinition);
  const lines = all.map((d) => d.line);
  const reassigned: ErrlogEntry[] = [];
  reassignCodes(all, (def, oldCode, newCode, i) => {
    reassigned.push({
      kind: "code-reassigned",
      line: lines[i]!,
      name: def.name,
      message: `bulge ${shownName(def.name)}: code ${oldCode} is already used; code ${newCode} assigned`,
      oldCode,
      newCode,
    });
  });
  for (const d of all) d.line = 0;
  return { catalogue: { bulges: all, errlog: [] }, reassigned, identical };
}

/** The codes of a catalogue's definitions. */
export function usedCodes(catalogue: BulgeCatalogue): Set<number> {
  return new Set(catalogue.bulges.map((d) => d.code));
}

/** The smallest code ≥ 0 no definition of the catalogue uses. */
export function freeCode(catalogue: BulgeCatalogue): number {
  const used = usedCodes(catalogue);
  let c = 0;
  while (used.has(c)) c++;
  return c;
}

/**
 * The text of a `bulge_types` file without the lister's definition of code
 * `code`: its lines, from its `bulge:` line to the next definition, are cut;
 * comment lines right before the next definition stay (they describe it), as
 * does everything else, ill-defined definitions included. Undefined when no
 * definition of the lister has that code.
 */
export function removeDefinition(text: string, code: number): string | undefined {
  const r = readBulgeTypes(text);
  const i = r.model.bulges.findIndex((d) => d.code === code);
  if (i < 0) return undefined;
  const def = r.model.bulges[i]!;
  const syntax = r.syntax.definitions.find((s) => s.definition === def)!;
  const [from, to] = cutRange(text, syntax.extent);
  return text.slice(0, from) + text.slice(to);
}

/** The line (with its line break) that ends just before offset `at`. */
function lastLine(text: string, at: number): string {
  let s = at - 1;
  if (s < 0) return "";
  if (text[s] === "\n" && text[s - 1] === "\r") s--;
  while (s > 0 && text[s - 1] !== "\n" && text[s - 1] !== "\r") s--;
  return text.slice(s, at);
}

/** The lines to cut for a definition spanning `extent`: whole lines, keeping a trailing comment block. */
function cutRange(text: string, extent: Span): [number, number] {
  let from = extent[0];
  while (from > 0 && text[from - 1] !== "\n" && text[from - 1] !== "\r") from--;
  let to = extent[1];
  if (to < text.length) {
    while (to > from && text[to - 1] !== "\n" && text[to - 1] !== "\r") to--;
    // Keep the comment lines (and the blanks between them) just before the next definition.
    let keep = to;
    for (;;) {
      let s = keep - 1;
      if (s <= from) break;
      if (text[s] === "\n" && text[s - 1] === "\r") s--;
      let ls = s;
      while (ls > from && text[ls - 1] !== "\n" && text[ls - 1] !== "\r") ls--;
      const line = text.slice(ls, s).trim();
      if (line.startsWith("#") || (line === "" && keep !== to)) keep = ls;
      else break;
    }
    to = keep;
  } else {
    // The last definition: the blank lines that separated it from the one before go too.
    while (from > 0 && /^[ \t]*\r?\n$/.test(lastLine(text, from)))
      from -= lastLine(text, from).length;
  }
  return [from, to];
}
