/**
 * A format's summary (the JSON its descriptor's `summary` gives) as a page a
 * person reads: objects as definition lists, lists of like records as
 * tables, long runs of numbers summarised ("61 times, 0 – 3 s"), 3×4
 * matrices as a grid, numbers in the language's format. It knows no format:
 * only the shapes of JSON (and that `times` are seconds, `matrix` a 3×4
 * placement).
 */
import { h } from "./dom.js";
import { language, type MessageKey, t } from "./i18n.js";

/** Entries of a list or rows of a table shown before "… and N more". */
export const SHOWN_ROWS = 50;
/** Runs of numbers up to this length are written out; longer ones summarised. */
export const SHOWN_NUMBERS = 12;
/** Nesting deeper than this is shown as JSON text. */
const MAX_DEPTH = 6;

/** Words counted with a plural form (see i18n/file.ts). */
export type CountedWord = "file.errors" | "file.warnings" | "summary.times" | "summary.values";

/** "1 error", "2 errors" ("2 ошибки", "5 ошибок"); `none` gives the word for zero ("no errors"). */
export function countText(word: CountedWord, count: number, none = false): string {
  if (none && count === 0) return t(`${word}.none` as MessageKey);
  const category = new Intl.PluralRules(language()).select(count);
  const key = `${word}.${category === "zero" || category === "two" ? "other" : category}`;
  return t(key as MessageKey, { count: formatNumber(count) });
}

/** A number as the language writes it: integers grouped, others to 4 significant digits. */
export function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const options: Intl.NumberFormatOptions = Number.isInteger(v)
    ? { maximumFractionDigits: 0 }
    : { maximumSignificantDigits: 4 };
  return new Intl.NumberFormat(language(), options).format(v);
}

/** A byte count with a unit: "812 B", "45.2 KB", "1.5 MB" (powers of 1024). */
export function formatBytes(bytes: number): string {
  const units = ["unit.B", "unit.KB", "unit.MB", "unit.GB"] as const;
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const text =
    i === 0
      ? formatNumber(v)
      : new Intl.NumberFormat(language(), { maximumFractionDigits: 1 }).format(v);
  return `${text} ${t(units[i]!)}`;
}

/** A summary's key as words: `variantInUse` → "variant in use", `last_ms` → "last ms". */
export function keyWords(key: string): string {
  return key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
}

/**
 * A run of numbers in one line: written out when short, else its count and
 * range; under the key `times`, in seconds ("61 times, 0 – 3 s"; two times
 * are a span, "0 – 3 s").
 */
export function numberRun(key: string, values: readonly number[]): string {
  const seconds = key === "times";
  const unit = seconds ? ` ${t("unit.s")}` : "";
  if (values.length === 0) return t("summary.none");
  if (seconds && values.length <= 2) return `${values.map(formatNumber).join(" – ")}${unit}`;
  if (values.length <= SHOWN_NUMBERS) return `${values.map(formatNumber).join(", ")}${unit}`;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const count = countText(seconds ? "summary.times" : "summary.values", values.length);
  return `${count}, ${formatNumber(lo)} – ${formatNumber(hi)}${unit}`;
}

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

const isRecord = (v: unknown): v is { readonly [k: string]: Json } =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isList = (v: unknown): v is readonly Json[] => Array.isArray(v);
const isPrimitive = (v: unknown) => v === null || typeof v !== "object";
const isNumbers = (v: unknown): v is readonly number[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "number");

/** A primitive or a list of primitives: one line of text. */
const isLine = (v: Json) => isPrimitive(v) || (isList(v) && v.every(isPrimitive));

/** A record that fits a table row: each value one line, or a record of such ("kind: box; size: …"). */
function fitsRow(v: Json): boolean {
  if (!isRecord(v)) return false;
  return Object.values(v).every(
    (x) => isLine(x) || (isRecord(x) && Object.values(x).every(isLine)),
  );
}

/** A primitive, a list of primitives or a flat record as one line of text. */
export function inlineText(key: string, v: Json): string {
  if (v === null) return "—";
  if (typeof v === "boolean") return t(v ? "summary.yes" : "summary.no");
  if (typeof v === "number") return formatNumber(v);
  if (typeof v === "string") return v;
  if (isList(v)) {
    if (isNumbers(v)) return numberRun(key, v);
    if (v.length === 0) return t("summary.none");
    const shown = v.slice(0, SHOWN_ROWS).map((x) => inlineText(key, x));
    if (v.length > SHOWN_ROWS) shown.push(t("file.omitted", { count: v.length - SHOWN_ROWS }));
    return shown.join(", ");
  }
  return Object.entries(v)
    .map(([k, x]) => `${keyWords(k)}: ${inlineText(k, x)}`)
    .join("; ");
}

/** A 3×4 placement matrix (12 numbers, row by row) as a small grid. */
function matrixGrid(values: readonly number[]): HTMLElement {
  const table = h("table", { className: "matrix" });
  for (let r = 0; r < 3; r++) {
    const row = h("tr");
    for (let c = 0; c < 4; c++) row.append(h("td", {}, formatNumber(values[r * 4 + c]!)));
    table.append(row);
  }
  return table;
}

/** A table cell's content: a placement matrix as its grid, anything else as one line. */
function cellNode(key: string, v: Json): Node {
  return key === "matrix" && isNumbers(v) && v.length === 12
    ? matrixGrid(v)
    : document.createTextNode(inlineText(key, v));
}

/** Records of one kind as a table: a column per key (in first-seen order). */
function recordTable(rows: readonly { readonly [k: string]: Json }[]): HTMLElement {
  const keys: string[] = [];
  for (const r of rows.slice(0, SHOWN_ROWS))
    for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
  const head = h("tr", {}, ...keys.map((k) => h("th", {}, keyWords(k))));
  const table = h("table", { className: "records" }, h("thead", {}, head));
  const body = h("tbody");
  for (const r of rows.slice(0, SHOWN_ROWS)) {
    body.append(h("tr", {}, ...keys.map((k) => h("td", {}, k in r ? cellNode(k, r[k]!) : ""))));
  }
  table.append(body);
  return table;
}

/** "… and N more" under a cut list, or nothing. */
function more(total: number): HTMLElement | null {
  return total > SHOWN_ROWS
    ? h("p", { className: "more" }, t("file.omitted", { count: total - SHOWN_ROWS }))
    : null;
}

/** The element showing `v` (found under `key`) at nesting `depth`. */
function valueNode(key: string, v: Json, depth: number): Node {
  if (depth > MAX_DEPTH) return h("code", {}, JSON.stringify(v));
  if (isList(v)) {
    if (key === "matrix" && isNumbers(v) && v.length === 12) return matrixGrid(v);
    if (v.every(isPrimitive)) return document.createTextNode(inlineText(key, v));
    if (v.every(fitsRow)) {
      const box = h("div", { className: "table-box" }, recordTable(v as { [k: string]: Json }[]));
      const cut = more(v.length);
      if (cut) box.append(cut);
      return box;
    }
    const list = h("ol", { className: "records" });
    for (const x of v.slice(0, SHOWN_ROWS))
      list.append(h("li", { className: "record" }, valueNode(key, x, depth + 1)));
    const cut = more(v.length);
    return cut ? h("div", {}, list, cut) : list;
  }
  if (isRecord(v)) return definitionList(v, depth + 1);
  return document.createTextNode(inlineText(key, v));
}

function definitionList(record: { readonly [k: string]: Json }, depth: number): HTMLElement {
  // Only the outermost list is `dl.summary` (nested ones are styled under it).
  const dl = h("dl", depth === 0 ? { className: "summary" } : {});
  for (const [k, x] of Object.entries(record)) {
    if (x === undefined) continue;
    dl.append(h("dt", {}, keyWords(k)), h("dd", {}, valueNode(k, x, depth)));
  }
  return dl;
}

/** The summary as a readable element (`dl.summary` at the top for a record). */
export function renderSummary(summary: unknown): HTMLElement {
  const v = summary as Json;
  if (isRecord(v)) return definitionList(v, 0);
  return h("div", { className: "summary" }, valueNode("", v, 0));
}
