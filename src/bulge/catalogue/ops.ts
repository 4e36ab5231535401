/**
 * Operations on catalogues: copying a definition, merging two catalogues
 * (colliding codes reassigned, nothing lost), removing a definition from a
 * file's text (everything else kept byte for byte), and the codes in use.
 */
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { BLG, type BulgeCode, type BulgeKind } from "./codes.js";
import { removeKeepingCodes } from "./keep-codes.js";
import type { BulgeCatalogue, BulgeDefinition, ErrlogEntry } from "./model.js";
import { reassignCodes } from "./read.js";
import { type DefinitionSpans, shownName } from "./validate.js";

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
  /**
   * One BLG023 error per definition of B whose code changes (located at its
   * code when B's spans were given): a merge that changes codes is refused
   * unless the user asks for it.
   */
  readonly changed: Diagnostic<BulgeCode>[];
  /** The codes of B that change, old → new. */
  readonly codeMap: ReadonlyMap<number, number>;
}

/**
 * Merges catalogue `b` into `a`: every definition of both, A's first with
 * their codes; a definition of B whose code is taken gets the smallest code
 * used by neither (Alias's rule for duplicates). A definition of B identical
 * to one of A is not added twice. The inputs are not changed.
 */
export function mergeCatalogues(
  a: BulgeCatalogue,
  b: BulgeCatalogue,
  bSpans?: readonly DefinitionSpans[],
): MergeResult {
  const identical: BulgeDefinition[] = [];
  // A twin has the same code: one look-up by code, not a scan of A (60,000 × 60,000 took a minute).
  const byCode = new Map<number, BulgeDefinition[]>();
  for (const x of a.bulges) {
    const list = byCode.get(x.code);
    if (list) list.push(x);
    else byCode.set(x.code, [x]);
  }
  const indexInB: number[] = [];
  const fromB = b.bulges.filter((d, i) => {
    const twin = byCode.get(d.code)?.some((x) => sameDefinition(x, d)) ?? false;
    if (twin) identical.push(d);
    else indexInB.push(i);
    return !twin;
  });
  const all = [...a.bulges, ...fromB].map(copyDefinition);
  const lines = all.map((d) => d.line);
  const reassigned: ErrlogEntry[] = [];
  const sink = new DiagnosticSink<BulgeKind>();
  const codeMap = new Map<number, number>();
  reassignCodes(all, (def, oldCode, newCode, i) => {
    const other = byCode.get(oldCode)?.[0]?.name ?? "";
    const at = bSpans?.[indexInB[i - a.bulges.length]!]?.code ?? [0, 0];
    codeMap.set(oldCode, newCode);
    sink.report(
      BLG.codeWouldChange,
      msg`bulge ${{ bulge: shownName(def.name) }}: code ${{ code: oldCode }} would become ${{ new: newCode }} (${{ other: shownName(other) }} of the first catalogue has it)`,
      ...at,
    );
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
  return {
    catalogue: { bulges: all, errlog: [] },
    reassigned,
    identical,
    changed: sink.items,
    codeMap,
  };
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
 * does everything else, ill-defined definitions included — except that a
 * reassigned definition whose code the cut would change gets its code
 * written (`removeKeepingCodes`). Undefined when no definition of the lister
 * has that code, or when the codes cannot be kept.
 */
export function removeDefinition(text: string, code: number): string | undefined {
  const r = removeKeepingCodes(text, code);
  return r?.keeps ? r.text : undefined;
}
