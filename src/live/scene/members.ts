/**
 * The reader's view of one JSON object of a scene: lookups that report what
 * is missing, mistyped, unknown or repeated (the first of a repeated member
 * counts). Also maps an index into a decoded JSON string back to its source
 * offset, so a finding inside a string is located at its character.
 */
import type { DiagnosticSink, Span } from "../../core/diagnostics.js";
import { JSON_KIND_WORDS, type JsonNode } from "../../core/json-spans.js";
import { msg } from "../../core/message.js";
import { LIVE, type LiveKind } from "./codes.js";

/** A JSON object node. */
export type Obj = JsonNode & { kind: "object" };

/** A JSON node of one kind. */
export type NodeOf<K extends JsonNode["kind"]> = JsonNode & { kind: K };

/** The sink the scene reader reports to. */
export type LiveSink = DiagnosticSink<LiveKind>;

/** Reports `node` as the wrong type: `context: what must be expected, found …`. */
export function wrongType(
  sink: LiveSink,
  context: string,
  node: JsonNode,
  what: string,
  expected: string,
): void {
  sink.report(
    LIVE.type,
    `${context}: ${what} must be ${expected}, found ${JSON_KIND_WORDS[node.kind]}`,
    ...node.span,
  );
}

/** The members of one object; see the module comment. */
export class Members {
  private readonly byKey = new Map<string, { value: JsonNode; keySpan: Span }>();

  constructor(
    readonly node: Obj,
    readonly sink: LiveSink,
    public context: string,
    known: readonly string[] | undefined,
  ) {
    for (const member of node.members) {
      if (this.byKey.has(member.key)) {
        sink.report(
          LIVE.duplicateMember,
          msg`${context}: '${{ member: member.key }}' is given twice; the first counts`,
          ...member.keySpan,
        );
        continue;
      }
      this.byKey.set(member.key, { value: member.value, keySpan: member.keySpan });
      if (known && !known.includes(member.key)) {
        sink.report(
          LIVE.unknown,
          msg`${context}: unknown member '${{ member: member.key }}' (known: ${{ known: known.join(", ") }}); ignored`,
          ...member.keySpan,
        );
      }
    }
  }

  /** The members in file order (the first of each name). */
  entries(): [string, JsonNode, Span][] {
    return [...this.byKey].map(([k, m]) => [k, m.value, m.keySpan]);
  }

  get(key: string): JsonNode | undefined {
    return this.byKey.get(key)?.value;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** The value's span, or the object's when the member is absent. */
  span(key: string): Span {
    return this.byKey.get(key)?.value.span ?? this.node.span;
  }

  missing(key: string, what: string): void {
    const [s] = this.node.span;
    this.sink.report(
      LIVE.missing,
      msg`${this.context}: '${{ member: key }}' (${what}) is missing`,
      s,
      s + 1,
    );
  }

  wrongType(node: JsonNode, what: string, expected: string): void {
    wrongType(this.sink, this.context, node, what, expected);
  }

  /** The member as a node of `kind`; reports it missing (when `what` is given) or mistyped. */
  typed<K extends JsonNode["kind"]>(
    key: string,
    kind: K,
    expected: string,
    what?: string,
  ): NodeOf<K> | undefined {
    const node = this.get(key);
    if (!node) {
      if (what !== undefined) this.missing(key, what);
      return undefined;
    }
    if (node.kind !== kind) {
      this.wrongType(node, `'${key}'`, expected);
      return undefined;
    }
    return node as NodeOf<K>;
  }

  /** A string member; reports it missing (when `what` is given) or mistyped. */
  string(key: string, what?: string): string | undefined {
    return this.typed(key, "string", "a string", what)?.value;
  }

  /** A number member; reports it missing (when `what` is given) or mistyped. */
  number(key: string, what?: string): number | undefined {
    return this.typed(key, "number", "a number", what)?.value;
  }
}

/**
 * The source offset of character `index` of the string whose JSON literal
 * (quotes included) spans `span` of `text`; the closing quote for an index
 * at or past the string's end.
 */
export function stringOffset(text: string, span: Span, index: number): number {
  let at = span[0] + 1;
  const close = span[1] - 1;
  for (let k = 0; k < index && at < close; k++) {
    if (text.charCodeAt(at) !== 92 /* \ */) at++;
    else at += text.charCodeAt(at + 1) === 117 /* u */ ? 6 : 2;
  }
  return Math.min(at, close);
}
