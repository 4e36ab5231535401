/** The JSON reader with spans: values, spans, escapes, errors located, no recursion on depth. */
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, readJsonSpans } from "../../src/core/json-spans.js";

describe("readJsonSpans", () => {
  // decision 126
  it("reads every kind of value with its span, and member names with theirs", () => {
    const text = ' {"a": [1, -2.5e1, true, false, null], "b\\n\\u0041": "x\\"y"} ';
    const { root } = readJsonSpans(text);
    expect(root?.kind).toBe("object");
    if (root?.kind !== "object") return;
    expect(text.slice(...root.span)).toBe(text.trim());
    const [a, b] = root.members;
    expect(a!.key).toBe("a");
    expect(text.slice(...a!.keySpan)).toBe('"a"');
    if (a!.value.kind !== "array") throw new Error("array expected");
    expect(a!.value.items.map((n) => ("value" in n ? n.value : null))).toEqual([
      1,
      -25,
      true,
      false,
      null,
    ]);
    expect(text.slice(...a!.value.items[1]!.span)).toBe("-2.5e1");
    expect(b!.key).toBe("b\nA");
    expect(b!.value).toMatchObject({ kind: "string", value: 'x"y' });
  });

  it("keeps duplicate keys in order; skips a byte order mark", () => {
    const { root } = readJsonSpans('\ufeff{"k": 1, "k": 2}');
    expect(root?.kind === "object" && root.members.map((m) => m.value)).toMatchObject([
      { value: 1 },
      { value: 2 },
    ]);
  });

  it.each([
    ["", "expected a value, found end of file", 0],
    ["{", "expected a member name in double quotes, found end of file", 1],
    ['{"a" 1}', "expected ':' after the member name, found '1'", 5],
    ["[1 2]", "expected ',' or ']', found '2'", 3],
    ["[01]", "expected ',' or ']', found '1'", 2],
    ['"ab', "unterminated string", 0],
    ['"a\\q"', "invalid escape in a string", 2],
    ['"a\nb"', "unescaped character U+000a in a string", 2],
    ["1e999", "the number '1e999' is out of range", 0],
    ["{} x", "expected end of file after the JSON value, found 'x'", 3],
    ["[1,]", "expected a value, found ']'", 3],
  ])("%j: %s at %i", (text, message, start) => {
    const r = readJsonSpans(text);
    expect(r.root).toBeUndefined();
    expect(r.error).toMatchObject({ message, start });
  });

  it("refuses nesting beyond the limit without recursing", () => {
    const ok = `${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`;
    expect(readJsonSpans(ok).root?.kind).toBe("array");
    const deep = "[".repeat(1_000_000);
    expect(readJsonSpans(deep).error?.message).toBe(`nesting deeper than ${MAX_JSON_DEPTH} levels`);
  });
});
