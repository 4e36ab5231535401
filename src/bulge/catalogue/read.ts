/**
 * Reader of `bulge_types` with Alias's behaviour (spec `bulge-types.md`).
 * Stage one, {@link readBulgeTypesSyntax}: tokens → every definition with its
 * spans, a definition whose syntax breaks marked as such (reading resumes at
 * the next `bulge:`). {@link readBulgeTypes} then validates each one
 * (`validate.ts`), leaves out the ill-defined ones, reassigns duplicate codes
 * and builds the error log. Reading never fails as a whole and never throws.
 */
import {
  type Diagnostic,
  DiagnosticSink,
  LineCounter,
  type Span,
  sortBySource,
} from "../../core/diagnostics.js";
import { type MessageInput, msg } from "../../core/message.js";
import { NumberForm, numberForm, parseNumber } from "../../core/tokenizer.js";
import { BLG, type BulgeCode, type BulgeKind } from "./codes.js";
import { BulgeLexer, Tok } from "./lexer.js";
import type { BulgeCatalogue, BulgeDefinition, ErrlogEntry, Keypoint } from "./model.js";
import {
  type DefinitionSpans,
  type SectionSpans,
  shownName,
  validateDefinition,
} from "./validate.js";

/** One definition as written, before validation. */
export interface DefinitionSyntax {
  /** As read so far (sections up to a syntax error). */
  readonly definition: BulgeDefinition;
  readonly spans: DefinitionSpans;
  /** From its `bulge:` keyword to the next definition's (or the end of the text). */
  readonly extent: Span;
  /** Whether its name was read (the error log names it then). */
  readonly named: boolean;
  /** The syntax error that ended it early, if any. */
  readonly error?: Diagnostic<BulgeCode>;
}

/** Text before the first definition that is not blank or a comment. */
export interface StrayText {
  readonly span: Span;
  readonly diagnostic: Diagnostic<BulgeCode>;
}

/** Result of {@link readBulgeTypesSyntax}. */
export interface BulgeTypesSyntax {
  readonly definitions: DefinitionSyntax[];
  readonly stray: StrayText[];
}

/** Result of {@link readBulgeTypes}. */
export interface BulgeTypesReadResult {
  /** The lister's definitions (final codes) and the error log. */
  readonly model: BulgeCatalogue;
  /** Every problem, in source order: errors (omissions) and warnings (reassigned codes). */
  readonly diagnostics: Diagnostic<BulgeCode>[];
  /** Spans of the lister's definitions, parallel to `model.bulges`. */
  readonly spans: DefinitionSpans[];
  /** Every definition of the file, the omitted ones too, in file order. */
  readonly syntax: BulgeTypesSyntax;
}

class Broken {
  constructor(readonly diagnostic: Diagnostic<BulgeCode>) {}
}

/** Stage one: every definition with its spans; see the module comment. */
export function readBulgeTypesSyntax(text: string): BulgeTypesSyntax {
  const lx = new BulgeLexer(text);
  const lines = new LineCounter(text);
  const definitions: DefinitionSyntax[] = [];
  const stray: StrayText[] = [];
  let kind = lx.next();
  while (kind !== Tok.End) {
    if (kind !== Tok.Bulge) {
      const start = lx.start;
      const found = describe(lx);
      const [s, e] = [lx.start, lx.end];
      while (kind !== Tok.End && kind !== Tok.Bulge) kind = lx.next();
      const sink = new DiagnosticSink<BulgeKind>();
      sink.report(
        BLG.stray,
        msg`expected 'bulge:' to begin a definition, found ${{ found }}; skipped up to the next 'bulge:'`,
        s,
        e,
      );
      stray.push({
        span: [start, kind === Tok.End ? text.length : lx.start],
        diagnostic: sink.items[0]!,
      });
      continue;
    }
    const start = lx.start;
    const r = readDefinition(lx, lines.position(start).line);
    // A broken definition is skipped up to the next `bulge:`.
    kind = lx.kind;
    while (kind !== Tok.End && kind !== Tok.Bulge) kind = lx.next();
    const extent: Span = [start, kind === Tok.End ? text.length : lx.start];
    definitions.push({ ...r, extent });
  }
  return { definitions, stray };
}

function describe(lx: BulgeLexer): string {
  switch (lx.kind) {
    case Tok.End:
      return "end of file";
    case Tok.Name:
      return `the name ${clip(lx.token())}`;
    default:
      return `'${clip(lx.token())}'`;
  }
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** Reads the code after `code:` (the lexer then on it); `fail` ends the definition. */
function readCode(
  lx: BulgeLexer,
  bulge: string,
  fail: (kind: BulgeKind, message: MessageInput) => never,
): number {
  if (lx.next() !== Tok.Word || numberForm(lx.text, lx.start, lx.end) !== NumberForm.Integer) {
    fail(
      BLG.badCode,
      msg`bulge ${{ bulge }}: expected the code (an integer ≥ 0), found ${{ found: describe(lx) }}`,
    );
  }
  const code = parseNumber(lx.text, lx.start, lx.end);
  if (!Number.isSafeInteger(code))
    fail(
      BLG.badCode,
      msg`bulge ${{ bulge }}: the code ${{ found: clip(lx.token()) }} is too large`,
    );
  return code;
}

/**
 * Reads one definition from its `bulge:` (the current token); leaves the
 * lexer on the first token after it (a `bulge:`, the end, or where it broke).
 */
function readDefinition(lx: BulgeLexer, line: number): Omit<DefinitionSyntax, "extent"> {
  const definition: BulgeDefinition = { name: "", code: -1, line, sections: [] };
  const spans: { bulge: Span; name: Span; code: Span; sections: SectionSpans[] } = {
    bulge: [lx.start, lx.end],
    name: [lx.end, lx.end],
    code: [lx.end, lx.end],
    sections: [],
  };
  let named = false;
  const fail = (kind: BulgeKind, message: MessageInput): never => {
    const sink = new DiagnosticSink<BulgeKind>();
    sink.report(kind, message, lx.start, lx.end);
    throw new Broken(sink.items[0]!);
  };
  try {
    const first = lx.next();
    // An unquoted name still names the definition in the error log.
    if (first === Tok.Word) {
      definition.name = lx.token();
      named = true;
    }
    if (first !== Tok.Name)
      fail(
        BLG.badName,
        `expected the bulge name in double quotes after 'bulge:', found ${describe(lx)}`,
      );
    if (!lx.closed)
      fail(BLG.badName, `the name ${clip(lx.token())} is not closed by a double quote on its line`);
    definition.name = lx.nameText();
    spans.name = [lx.start, lx.end];
    named = true;
    const bulge = shownName(definition.name);
    const who = `bulge ${bulge}`;
    if (lx.next() !== Tok.Code)
      fail(BLG.unexpected, `${who}: expected 'code:' after the name, found ${describe(lx)}`);
    definition.code = readCode(lx, bulge, fail);
    spans.code = [lx.start, lx.end];
    let kind = lx.next();
    while (kind === Tok.Angle) {
      if (lx.next() !== Tok.Word || numberForm(lx.text, lx.start, lx.end) !== NumberForm.Integer) {
        fail(
          BLG.badAngle,
          msg`bulge ${{ bulge }}: expected the section's angle (an integer from 0 to 360), found ${{ found: describe(lx) }}`,
        );
      }
      const angle = parseNumber(lx.text, lx.start, lx.end);
      const section = { angle, keypoints: [] as Keypoint[] };
      const ss: SectionSpans = { angle: [lx.start, lx.end], keypoints: [] };
      definition.sections.push(section);
      spans.sections.push(ss);
      const where = `${who}, section at angle ${lx.token()}`;
      kind = lx.next();
      while (kind === Tok.Word) {
        const n = section.keypoints.length + 1;
        const kp: number[] = [];
        const ks: Span[] = [];
        for (let v = 0; v < 3; v++) {
          if (v > 0) kind = lx.next();
          if (kind !== Tok.Word) {
            fail(
              BLG.badKeypoint,
              `${where}: keypoint ${n} has ${v} value${v === 1 ? "" : "s"}, expected three, found ${describe(lx)}`,
            );
          }
          const value =
            numberForm(lx.text, lx.start, lx.end) === NumberForm.None
              ? Number.NaN
              : parseNumber(lx.text, lx.start, lx.end);
          if (!Number.isFinite(value)) {
            fail(
              BLG.badKeypoint,
              `${where}: keypoint ${n}, value ${v + 1}: expected a finite real, found ${describe(lx)}`,
            );
          }
          kp.push(value);
          ks.push([lx.start, lx.end]);
        }
        section.keypoints.push([kp[0]!, kp[1]!, kp[2]!]);
        ss.keypoints.push([ks[0]!, ks[1]!, ks[2]!]);
        kind = lx.next();
      }
    }
    if (kind !== Tok.End && kind !== Tok.Bulge) {
      const expected =
        definition.sections.length === 0 ? "'angle:'" : "a keypoint, 'angle:' or 'bulge:'";
      fail(BLG.unexpected, `${who}: expected ${expected}, found ${describe(lx)}`);
    }
    return { definition, spans, named };
  } catch (e) {
    if (!(e instanceof Broken)) throw e;
    return { definition, spans, named, error: e.diagnostic };
  }
}

/**
 * Reads a `bulge_types` text as Alias does: the complete definitions in file
 * order with their final codes, and the error log (one `omitted` entry per
 * ill-defined definition or run of stray text, one `code-reassigned` entry per
 * recoded definition, in line order).
 */
export function readBulgeTypes(text: string): BulgeTypesReadResult {
  const syntax = readBulgeTypesSyntax(text);
  const diagnostics: Diagnostic<BulgeCode>[] = [];
  const errlog: ErrlogEntry[] = [];
  const lines = new LineCounter(text);
  for (const s of syntax.stray) {
    diagnostics.push(s.diagnostic);
    errlog.push({
      kind: "omitted",
      line: lines.position(s.span[0]).line,
      message: s.diagnostic.message,
    });
  }
  const kept: { def: BulgeDefinition; spans: DefinitionSpans }[] = [];
  for (const d of syntax.definitions) {
    const problems = d.error ? [d.error] : validateDefinition(d.definition, d.spans);
    if (problems.length === 0) {
      kept.push({ def: d.definition, spans: d.spans });
      continue;
    }
    diagnostics.push(...problems);
    errlog.push({
      kind: "omitted",
      line: d.definition.line,
      ...(d.named ? { name: d.definition.name } : {}),
      message: `${problems[0]!.message}; definition omitted`,
    });
  }
  const sink = new DiagnosticSink<BulgeKind>();
  reassignCodes(
    kept.map((k) => k.def),
    (def, oldCode, newCode, i) => {
      const reported = msg`bulge ${{ bulge: shownName(def.name) }}: code ${{ old: oldCode }} is already used by an earlier definition; code ${{ new: newCode }} assigned`;
      const message = reported.text;
      sink.report(BLG.codeReassigned, reported, ...kept[i]!.spans.code);
      errlog.push({
        kind: "code-reassigned",
        line: def.line,
        name: def.name,
        message,
        oldCode,
        newCode,
      });
    },
  );
  errlog.sort((a, b) => a.line - b.line);
  return {
    model: { bulges: kept.map((k) => k.def), errlog },
    diagnostics: sortBySource([...diagnostics, ...sink.items]),
    spans: kept.map((k) => k.spans),
    syntax,
  };
}

/**
 * Makes the codes of `defs` unique in place, Alias's way: the first
 * definition with a code keeps it; a later one gets the smallest code ≥ 0
 * used by no definition of the list (nor by one reassigned before it).
 * `onReassign` hears of each change (index into `defs`).
 */
export function reassignCodes(
  defs: BulgeDefinition[],
  onReassign: (
    def: BulgeDefinition,
    oldCode: number,
    newCode: number,
    index: number,
  ) => void = () => {},
  reserved: Iterable<number> = [],
): void {
  const used = new Set<number>(reserved);
  for (const d of defs) used.add(d.code);
  const claimed = new Set<number>(reserved);
  let free = 0;
  defs.forEach((d, i) => {
    if (!claimed.has(d.code)) {
      claimed.add(d.code);
      return;
    }
    while (used.has(free)) free++;
    const old = d.code;
    d.code = free;
    used.add(free);
    claimed.add(free);
    onReassign(d, old, free, i);
  });
}
