/**
 * Reading docs/decisions.md as a log (its header describes the format) and
 * finding which test files name which decision, for test/decisions.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface DecisionEntry {
  number: number;
  title: string;
  /** 1-based line of the entry's first line. */
  line: number;
  date?: string;
  status?: "active" | "superseded" | "amended";
  /** For `superseded by N` / `amended by N`. */
  by: number[];
  supersedes: number[];
  amends: number[];
  /** The reason given by `no test: …`, when there is one. */
  noTest?: string;
}

const ENTRY = /^(\d+)\. \*\*(.+?)(?:\*\*|$)/;
const META = /^\s+_(.*)_\s*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function numbers(text: string): number[] {
  return text.split(/,\s*|\s+and\s+/).map((s) => Number(s.trim()));
}

function readMeta(entry: DecisionEntry, meta: string, problems: string[]): void {
  const parts = meta.split(" · ").map((p) => p.trim());
  const [date, status, ...rest] = parts;
  const at = `decision ${entry.number}`;
  if (date !== undefined && DATE.test(date) && !Number.isNaN(Date.parse(date))) entry.date = date;
  else problems.push(`${at}: no date (YYYY-MM-DD) first in its line`);
  const byMatch = /^(superseded|amended) by (.+)$/.exec(status ?? "");
  if (status === "active") entry.status = "active";
  else if (byMatch) {
    entry.status = byMatch[1] as "superseded" | "amended";
    entry.by = numbers(byMatch[2] ?? "");
  } else problems.push(`${at}: status "${status}" is not active, superseded by N or amended by N`);
  for (const part of rest) {
    const m = /^(supersedes|amends) (.+)$/.exec(part);
    if (m) (m[1] === "supersedes" ? entry.supersedes : entry.amends).push(...numbers(m[2] ?? ""));
    else if (part.startsWith("no test: ") && part.length > 9) entry.noTest = part.slice(9);
    else problems.push(`${at}: "${part}" is not "supersedes N", "amends N" or "no test: why"`);
  }
}

/** The entries of a log and what is wrong with its form (numbers, dates, statuses, links). */
export function readDecisionLog(text: string): { entries: DecisionEntry[]; problems: string[] } {
  const lines = text.split("\n");
  const entries: DecisionEntry[] = [];
  const problems: string[] = [];
  let open: DecisionEntry | undefined;
  let sawMeta = false;
  const close = () => {
    if (open && !sawMeta) problems.push(`decision ${open.number}: no date and status line`);
  };
  lines.forEach((line, i) => {
    const m = ENTRY.exec(line);
    if (m) {
      close();
      open = {
        number: Number(m[1]),
        title: m[2] ?? "",
        line: i + 1,
        by: [],
        supersedes: [],
        amends: [],
      };
      sawMeta = false;
      entries.push(open);
      return;
    }
    const meta = META.exec(line);
    if (open && !sawMeta && meta) {
      readMeta(open, meta[1] ?? "", problems);
      sawMeta = true;
    }
  });
  close();
  entries.forEach((e, i) => {
    if (e.number !== i + 1)
      problems.push(`line ${e.line}: decision ${e.number} where ${i + 1} is due`);
  });
  problems.push(...linkProblems(entries));
  return { entries, problems };
}

/** `superseded by N` and N's `supersedes` must agree, and point forward. */
function linkProblems(entries: readonly DecisionEntry[]): string[] {
  const byNumber = new Map(entries.map((e) => [e.number, e]));
  const problems: string[] = [];
  for (const e of entries) {
    for (const n of e.by) {
      const later = byNumber.get(n);
      const back = e.status === "superseded" ? later?.supersedes : later?.amends;
      if (!later || n <= e.number || !back?.includes(e.number))
        problems.push(`decision ${e.number}: ${e.status} by ${n}, which does not say so back`);
    }
    for (const [list, status] of [
      [e.supersedes, "superseded"],
      [e.amends, "amended"],
    ] as const) {
      for (const n of list) {
        const earlier = byNumber.get(n);
        if (!earlier || earlier.status !== status || !earlier.by.includes(e.number))
          problems.push(
            `decision ${e.number}: names ${n} as ${status} by it, which ${n} does not say`,
          );
      }
    }
  }
  return problems;
}

/** Decision numbers a text names: `decision 12`, `decisions 12, 13 and 14`. */
export function namedDecisions(text: string): number[] {
  const found: number[] = [];
  for (const m of text.matchAll(/\bdecisions? (\d+(?:(?:,? and |, )\d+)*)/gi))
    found.push(...numbers((m[1] ?? "").replace(/, and /g, ", ")));
  return found;
}

/** Every `.ts` file below `dir`, with the decisions it names. */
export function testFilesNaming(dir: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const walk = (d: string) => {
    for (const ent of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, ent.name);
      if (ent.isDirectory()) walk(p);
      else if (ent.name.endsWith(".ts")) {
        const named = namedDecisions(readFileSync(p, "utf8"));
        if (named.length > 0) out.set(p, named);
      }
    }
  };
  walk(dir);
  return out;
}
