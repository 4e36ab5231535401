/**
 * Writer of `bulge_types` in the canonical layout of the spec: `bulge:` lines
 * indented 4 spaces, `angle:` 8, keypoints 12; values with six decimals (more
 * only when six would not read back to the same number); a blank line
 * between sections and between definitions; a final newline. Names are
 * written in straight quotes. `readBulgeTypes(writeBulgeTypes(c))` gives the
 * same definitions back (with the lines the writer put them on).
 */
import type { BulgeCatalogue, BulgeDefinition, ErrlogEntry } from "./model.js";

/** A keypoint value: six decimals, or as many as it takes to read back exactly. */
export function formatKeypointValue(v: number): string {
  if (Object.is(v, -0)) return "-0.000000";
  for (let digits = 6; digits <= 20; digits++) {
    const s = v.toFixed(digits);
    if (Number(s) === v) return s;
  }
  return String(v);
}

/** The lines of one definition, without the blank line that separates definitions. */
export function definitionLines(def: BulgeDefinition): string[] {
  const lines = [`    bulge: "${def.name}" code: ${def.code}`];
  def.sections.forEach((s, i) => {
    if (i > 0) lines.push("");
    lines.push(`        angle: ${s.angle}`);
    for (const k of s.keypoints) lines.push(`            ${k.map(formatKeypointValue).join(" ")}`);
  });
  return lines;
}

/** The catalogue's definitions as a `bulge_types` text (the error log is not part of the file). */
export function writeBulgeTypes(catalogue: Pick<BulgeCatalogue, "bulges">): string {
  if (catalogue.bulges.length === 0) return "";
  return `${catalogue.bulges.map((d) => definitionLines(d).join("\n")).join("\n\n")}\n`;
}

/**
 * The 1-based line of each definition's `bulge:` in {@link writeBulgeTypes}'s
 * output: what a read of that text gives as `line`.
 */
export function writtenLines(catalogue: Pick<BulgeCatalogue, "bulges">): number[] {
  const out: number[] = [];
  let line = 1;
  for (const d of catalogue.bulges) {
    out.push(line);
    line += definitionLines(d).length + 1;
  }
  return out;
}

/**
 * Alias's `errlog` file: one line per entry,
 * `FILE:LINE: omitted "Name": message` or `FILE:LINE: code-reassigned "Name" (5 → 0): message`,
 * then a final newline (empty text for an empty log).
 */
export function writeErrlog(errlog: readonly ErrlogEntry[], file = "bulge_types"): string {
  return errlog
    .map((e) => {
      const name = e.name === undefined ? "" : ` "${e.name}"`;
      const codes = e.kind === "code-reassigned" ? ` (${e.oldCode} → ${e.newCode})` : "";
      return `${file}:${e.line}: ${e.kind}${name}${codes}: ${e.message}\n`;
    })
    .join("");
}
