/**
 * The small part of XPath that XDMF writers use to point inside their own
 * file: FEniCSx's `xi:include xpointer="xpointer(/Xdmf/Domain/Grid[@Name='mesh']/Geometry)"`
 * (or, in dolfinx 0.5, `…/Grid[@GridType='Uniform'][1]/*[self::Topology or self::Geometry]`)
 * and a `Reference="XML"` DataItem's `/Xdmf/Domain/DataItem[@Name="points"]`.
 * An absolute path of child steps (`/`) or descendant steps (`//`, as legacy
 * DOLFIN writes), each a name or `*` with predicates: a position `[n]`, an
 * attribute test `[@a='v']` and `[self::A or self::B]`.
 * Anything else is not understood (undefined), never guessed.
 */
import { attr, type XmlElement } from "../../core/xml.js";

type Predicate = (e: XmlElement) => boolean;
interface Step {
  readonly name: string;
  /** After `//`: the step applies to every descendant (or self) of the context, not only to it. */
  readonly descendant: boolean;
  /** Filters, or a 1-based position, applied in order. */
  readonly predicates: readonly (Predicate | number)[];
}

/** Parses one predicate's inside; undefined when not understood. */
function predicate(p: string): Predicate | number | undefined {
  const s = p.trim();
  if (/^\d+$/.test(s)) return Number(s);
  const a = /^@([\w:.-]+)\s*=\s*(?:'([^']*)'|"([^"]*)")$/.exec(s);
  if (a) return (e) => attr(e, a[1]!) === (a[2] ?? a[3]);
  const names = s.split(/\s+or\s+/).map((x) => /^self::([\w:.-]+)$/.exec(x.trim())?.[1]);
  if (names.every((n) => n !== undefined)) return (e) => names.includes(e.name);
  return undefined;
}

/** The steps of an absolute path, or undefined. */
function steps(path: string): Step[] | undefined {
  if (!path.startsWith("/")) return undefined;
  const out: Step[] = [];
  // A name may have one prefix (`xi:include`); an axis (`following::`) is not understood.
  const re = /\/(\/?)([\w.-]+(?::[\w.-]+)?|\*)((?:\[[^\]]*\])*)/y;
  let at = 0;
  while (at < path.length) {
    re.lastIndex = at;
    const m = re.exec(path);
    if (!m) return undefined;
    const predicates: (Predicate | number)[] = [];
    for (const p of m[3]!.matchAll(/\[([^\]]*)\]/g)) {
      const q = predicate(p[1]!);
      if (q === undefined) return undefined;
      predicates.push(q);
    }
    out.push({ name: m[2]!, descendant: m[1] === "/", predicates });
    at = re.lastIndex;
  }
  return out.length > 0 ? out : undefined;
}

/** Elements an XPath evaluation may visit in one read (each step's candidates count). */
export const XPATH_WORK = 20_000_000;

/**
 * Evaluates the xpointers of one file: each distinct expression once (every
 * FEniCSx time step names the same mesh), and at most {@link XPATH_WORK}
 * elements visited in all, so a file of many distinct pointers cannot take
 * quadratic time; past that, nothing more is selected (undefined).
 */
export class XPointers {
  private readonly seen = new Map<string, XmlElement[] | undefined>();
  constructor(
    private readonly root: XmlElement,
    private work = XPATH_WORK,
  ) {}

  select(expression: string): XmlElement[] | undefined {
    if (this.seen.has(expression)) return this.seen.get(expression);
    if (this.work <= 0) return undefined;
    const budget = { work: this.work };
    const found = selectXPointer(this.root, expression, budget);
    this.work = budget.work;
    this.seen.set(expression, found);
    return found;
  }
}

/**
 * The elements `expression` selects under `root` (`xpointer(PATH)` or a bare
 * PATH), in document order; undefined when the expression is not understood
 * or it would visit more elements than `budget.work` allows.
 */
export function selectXPointer(
  root: XmlElement,
  expression: string,
  budget: { work: number } = { work: XPATH_WORK },
): XmlElement[] | undefined {
  const e = expression.trim();
  const inner = /^xpointer\((.*)\)$/s.exec(e)?.[1] ?? e;
  const path = steps(inner.trim());
  if (!path) return undefined;
  // A virtual document node whose one child is the root element.
  let context: XmlElement[] = [{ name: "", start: 0, attributes: [], children: [root], text: [] }];
  for (const step of path) {
    const next: XmlElement[] = [];
    const parents = step.descendant ? descendants(context, budget) : context;
    if (!parents) return undefined;
    for (const parent of parents) {
      budget.work -= parent.children.length + 1;
      if (budget.work < 0) return undefined;
      let found = parent.children.filter((c) => step.name === "*" || c.name === step.name);
      for (const p of step.predicates) {
        found = typeof p === "number" ? found.slice(p - 1, p) : found.filter(p);
      }
      for (const e of found) next.push(e);
    }
    context = next;
  }
  return context;
}

/** Every element of `context` and below, each once, in document order; undefined past the budget. */
function descendants(
  context: readonly XmlElement[],
  budget: { work: number },
): XmlElement[] | undefined {
  const seen = new Set<XmlElement>();
  const out: XmlElement[] = [];
  const stack = [...context].reverse();
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (seen.has(e)) continue;
    seen.add(e);
    out.push(e);
    if (--budget.work < 0) return undefined;
    for (let k = e.children.length - 1; k >= 0; k--) stack.push(e.children[k]!);
  }
  return out;
}
