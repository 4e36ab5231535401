/** The file view's summary text (English; Russian plurals are checked in the browser test). */
import { describe, expect, it } from "vitest";
import {
  countText,
  formatBytes,
  formatNumber,
  inlineText,
  keyWords,
  numberRun,
} from "../../web/src/file-summary.js";

describe("file summary text", () => {
  // decision 155
  it("summarises a long run of frame times as count and range in seconds", () => {
    const times = Array.from({ length: 301 }, (_, i) => i / 100);
    expect(numberRun("times", times)).toBe("301 times, 0 – 3 s");
    expect(numberRun("times", [0, 3])).toBe("0 – 3 s");
    expect(numberRun("times", [0.5])).toBe("0.5 s");
  });

  it("writes out short runs and summarises long ones of other numbers", () => {
    expect(numberRun("size", [0.04, 0.06, 0.01])).toBe("0.04, 0.06, 0.01");
    const many = Array.from({ length: 13 }, (_, i) => 10 - i);
    expect(numberRun("values", many)).toBe("13 values, -2 – 10");
    expect(numberRun("values", [])).toBe("none");
  });

  it("formats numbers: integers grouped, others to 4 significant digits", () => {
    expect(formatNumber(2135)).toBe("2,135");
    expect(formatNumber(0.0023143284)).toBe("0.002314");
    expect(formatNumber(-0.003000000026077032)).toBe("-0.003");
    expect(formatBytes(118)).toBe("118 B");
    expect(formatBytes(12_700)).toBe("12.4 KB");
    expect(formatBytes(2.1 * 1024 * 1024)).toBe("2.1 MB");
  });

  it("counts with plural forms and a word for none", () => {
    expect(countText("file.errors", 0, true)).toBe("no errors");
    expect(countText("file.errors", 0)).toBe("0 errors");
    expect(countText("file.errors", 1)).toBe("1 error");
    expect(countText("file.warnings", 2)).toBe("2 warnings");
    expect(countText("file.warnings", 1, true)).toBe("1 warning");
  });

  // decision 155
  it("turns keys into words and flat values into one line", () => {
    expect(keyWords("variantInUse")).toBe("variant in use");
    expect(keyWords("last_ms")).toBe("last ms");
    expect(inlineText("geometry", { kind: "box", size: [0.04, 0.06, 0.01] })).toBe(
      "kind: box; size: 0.04, 0.06, 0.01",
    );
    expect(inlineText("bulgeCode", null)).toBe("—");
    expect(inlineText("varying", true)).toBe("yes");
    expect(inlineText("frames", ["talk", "neutral", "talk"])).toBe("talk, neutral, talk");
  });
});
