import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { namedDecisions, readDecisionLog, testFilesNaming } from "./decision-log.js";

const LOG = readFileSync(new URL("../docs/decisions.md", import.meta.url), "utf8");
const TEST_DIR = fileURLToPath(new URL(".", import.meta.url));
/** These two name decisions only as examples of the log's form. */
const SELF = /[\\/]test[\\/](decision-log\.ts|decisions\.test\.ts)$/;

function namings(): Map<string, number[]> {
  const files = testFilesNaming(TEST_DIR);
  for (const path of [...files.keys()]) if (SELF.test(path)) files.delete(path);
  return files;
}

describe("docs/decisions.md is a log", () => {
  const { entries, problems } = readDecisionLog(LOG);

  it("numbers its entries 1, 2, 3 … in file order, each with a date, a status and consistent links", () => {
    expect(entries.length).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it("has every active entry named by a test (`decision N`) or saying why not (`no test: …`)", () => {
    const named = new Set([...namings().values()].flat());
    const missing = entries
      .filter((e) => e.status !== "superseded" && e.noTest === undefined && !named.has(e.number))
      .map((e) => `${e.number}. ${e.title}`);
    expect(missing).toEqual([]);
  });

  it("is named by tests only for entries that exist and still hold", () => {
    const byNumber = new Map(entries.map((e) => [e.number, e]));
    const stale: string[] = [];
    for (const [path, numbers] of namings()) {
      for (const n of numbers) {
        const e = byNumber.get(n);
        if (!e || e.status === "superseded")
          stale.push(
            `${path.slice(TEST_DIR.length)}: decision ${n} ${e ? "is superseded" : "does not exist"}`,
          );
      }
    }
    expect(stale).toEqual([]);
  });
});

describe("the log checker", () => {
  const entry = (n: number, meta: string) => `${n}. **Title ${n}.** Ruling.\n    _${meta}_\n`;

  it("accepts a well-formed log with a superseded entry", () => {
    const log =
      entry(1, "2026-11-30 · superseded by 2") +
      entry(2, "2026-12-01 · active · supersedes 1") +
      entry(3, "2026-12-01 · active · no test: a rationale");
    const { entries, problems } = readDecisionLog(log);
    expect(problems).toEqual([]);
    expect(entries.map((e) => [e.number, e.status, e.noTest])).toEqual([
      [1, "superseded", undefined],
      [2, "active", undefined],
      [3, "active", "a rationale"],
    ]);
  });

  it("finds numbers out of order, a missing date or status line, and one-sided links", () => {
    const log =
      entry(1, "2026-11-30 · superseded by 3") +
      entry(3, "yesterday · active") +
      "2. **No meta.** Ruling.\n" +
      entry(4, "2026-12-01 · retired");
    expect(readDecisionLog(log).problems).toEqual([
      "decision 3: no date (YYYY-MM-DD) first in its line",
      "decision 2: no date and status line",
      'decision 4: status "retired" is not active, superseded by N or amended by N',
      "line 3: decision 3 where 2 is due",
      "line 5: decision 2 where 3 is due",
      "decision 1: superseded by 3, which does not say so back",
    ]);
  });

  it("reads the ways a test names decisions", () => {
    expect(namedDecisions("// decision 12\nit('x (decisions 13, 14 and 15)')")).toEqual([
      12, 13, 14, 15,
    ]);
    expect(namedDecisions("the decisions of the spec; Decision 7")).toEqual([7]);
  });
});
