import { describe, expect, it } from "vitest";
import { DiagnosticSink, locate } from "../../src/core/diagnostics.js";
import { fillTemplate, msg, placeholders } from "../../src/core/message.js";
import { reportJson } from "../../src/core/report.js";

const KIND = { code: "TST001", severity: "error", summary: "s", args: ["frame", "count"] } as const;

describe("messages with named arguments", () => {
  // decision 159
  it("a msg template yields the English text and the named values", () => {
    const name = "smile";
    const m = msg`frame '${{ frame: name }}' has ${{ count: 3 }} points, ${"plain"} text`;
    expect(m.text).toBe("frame 'smile' has 3 points, plain text");
    expect(m.args).toEqual({ frame: "smile", count: 3 });
  });

  it("the sink keeps the message unchanged and adds args only when there are some", () => {
    const sink = new DiagnosticSink();
    sink.report(KIND, msg`frame '${{ frame: "a" }}'`, 0, 1);
    sink.report(KIND, "plain", 2);
    expect(sink.items[0]).toMatchObject({ message: "frame 'a'", args: { frame: "a" } });
    expect(sink.items[1]!.message).toBe("plain");
    expect("args" in sink.items[1]!).toBe(false);
    const located = locate(sink.items, { file: "f", text: "abc" });
    expect(located[0]!.args).toEqual({ frame: "a" });
    const json = reportJson([{ file: "f", text: "abc", diagnostics: sink.items }]);
    expect(json.diagnostics.map((d) => d.message)).toEqual(["frame 'a'", "plain"]);
    expect(JSON.parse(JSON.stringify(json)).diagnostics[0].args).toEqual({ frame: "a" });
  });

  it("a template is filled from the arguments, or not at all when one is missing", () => {
    expect(placeholders("{a} и {b}, {a}")).toEqual(["a", "b"]);
    expect(fillTemplate("кадр «{frame}»: {count}", { frame: "x", count: 2 })).toBe("кадр «x»: 2");
    expect(fillTemplate("кадр «{frame}»", {})).toBeUndefined();
    expect(fillTemplate("кадр «{frame}»", undefined)).toBeUndefined();
    expect(fillTemplate("без аргументов", undefined)).toBe("без аргументов");
  });
});
