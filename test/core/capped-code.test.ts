import { describe, expect, expectTypeOf, it } from "vitest";
import type { RigCode } from "../../src/bulge/rig/codes.js";
import {
  type CappedCode,
  type CodeOf,
  type DiagnosticKind,
  DiagnosticSink,
} from "../../src/core/diagnostics.js";
import type { LiveCode } from "../../src/live/scene/codes.js";
import type { AmxCode } from "../../src/mixed/amx/codes.js";

const K = {
  code: "TST001",
  severity: "error",
  summary: "a test finding",
} as const satisfies DiagnosticKind;
const TABLE = { one: K } as const;

describe("FMT007 is in every reader's codes", () => {
  // decision 297
  it("is in the codes of a table and of a sink's items, so it is compared typed", () => {
    expectTypeOf<CodeOf<typeof TABLE>>().toEqualTypeOf<"TST001" | "FMT007">();
    expectTypeOf<Extract<LiveCode, CappedCode>>().toEqualTypeOf<"FMT007">();
    expectTypeOf<Extract<AmxCode, CappedCode>>().toEqualTypeOf<"FMT007">();
    expectTypeOf<Extract<RigCode, CappedCode>>().toEqualTypeOf<"FMT007">();
    const sink = new DiagnosticSink<typeof K>(2);
    for (let i = 0; i < 5; i++) sink.report(K, "bad", i);
    expectTypeOf(sink.items[0]!.code).toEqualTypeOf<"TST001" | "FMT007">();
    // a typed comparison: `code === "FMT007"` compiles only if the union has it.
    const capped = sink.items.filter((d) => d.code === "FMT007");
    expect(capped).toHaveLength(1);
    expect(capped[0]!.args).toEqual({ code: "TST001", count: 3, kept: 2 });
  });
});
