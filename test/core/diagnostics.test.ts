import { describe, expect, it } from "vitest";
import {
  type Diagnostic,
  escapeControls,
  formatDiagnostic,
  formatDiagnostics,
  formatLocated,
  LineCounter,
  locate,
  sourceExcerpt,
} from "../../src/core/index.js";

const d = (start: number, end = start + 1): Diagnostic => ({
  code: "AMX010",
  severity: "error",
  message: "bad",
  start,
  end,
});

describe("LineCounter", () => {
  it("counts LF, CR LF and lone CR as line ends; columns 1-based", () => {
    const lc = new LineCounter("ab\ncd\r\nef\rgh");
    expect(lc.position(0)).toEqual({ line: 1, column: 1 });
    expect(lc.position(4)).toEqual({ line: 2, column: 2 });
    expect(lc.position(7)).toEqual({ line: 3, column: 1 });
    expect(lc.position(10)).toEqual({ line: 4, column: 1 });
    expect(lc.position(999)).toEqual({ line: 4, column: 3 });
    expect(lc.lineText(2)).toBe("cd");
  });

  it("counts the lines (a final break starts an empty last one)", () => {
    expect(new LineCounter("").lineCount).toBe(1);
    expect(new LineCounter("ab\rcd").lineCount).toBe(2);
    expect(new LineCounter("ab\r\ncd\n").lineCount).toBe(3);
  });
});

describe("compiler-style printing", () => {
  it("prints file:line:col, the source line and a caret under the range", () => {
    const text = "m.amb\n1\n2 1 7\n";
    expect(formatDiagnostics([d(12)], { file: "a.amx", text })).toBe(
      "a.amx:3:5: error AMX010: bad\n  2 1 7\n      ^\n",
    );
  });

  it("shows a window of very long lines, caret still under the token", () => {
    const text = `${"x ".repeat(500)}BAD ${"y ".repeat(100)}\n`;
    const out = formatDiagnostics([d(1000, 1003)], { file: "f", text });
    const [, src, caret] = out.split("\n");
    expect(src!.slice(caret!.indexOf("^"), caret!.indexOf("^") + 3)).toBe("BAD");
  });

  it("prints one diagnostic at a time against a line index made once", () => {
    const text = "m.amb\n1\n2 1 7\n";
    const lines = new LineCounter(text);
    const all = [d(12), d(0, 5)];
    expect(all.map((x) => formatDiagnostic(x, "a.amx", lines)).join("")).toBe(
      formatDiagnostics(all, { file: "a.amx", text }),
    );
    expect(formatDiagnostic(d(41), "b.agr")).toBe("b.agr:1:42: error AMX010: bad (byte 41)\n");
  });

  it("locates binary sources by byte offset", () => {
    expect(locate([d(41)], { file: "b.agr" })[0]).toMatchObject({ line: 1, column: 42 });
    expect(formatDiagnostics([d(41)], { file: "b.agr" })).toBe(
      "b.agr:1:42: error AMX010: bad (byte 41)\n",
    );
  });

  it("shows a file's control characters as \\xNN escapes, the caret still under the token", () => {
    // An escape sequence before the token and a bell inside it; the message quotes the token.
    const text = "m.amb\n1\n\u001b[2J 9\u0007 0\n";
    const bad: Diagnostic = { ...d(13, 15), message: "'9\u0007' is not an index" };
    const out = formatDiagnostics([bad], { file: "e\u001b.amx", text });
    expect(out).toBe(
      "e\\x1b.amx:3:6: error AMX010: '9\\x07' is not an index\n" +
        "  \\x1b[2J 9\\x07 0\n" +
        "          ^^^^^\n",
    );
    const controls = [...out].filter((c) => {
      const n = c.charCodeAt(0);
      return (n < 0x20 && n !== 0x0a) || (n >= 0x7f && n <= 0x9f);
    });
    expect(controls).toEqual([]);
    const located = locate([bad], { file: "e.amx", text });
    expect(formatLocated(located)).toBe("e.amx:3:6: error AMX010: '9\\x07' is not an index\n");
    expect(sourceExcerpt("a\tb", 3, 1)).toBe("  a b\n    ^\n");
    expect(escapeControls("a\u001b[31mb\u0007\r\n\tc\u009b")).toBe("a\\x1b[31mb\\x07\r\n\tc\\x9b");
  });
});
