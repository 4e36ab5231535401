import { describe, expect, it } from "vitest";
import {
  DEFAULT_WORKSPACE,
  formatRoute,
  parseRoute,
  parseTime,
  routeSeconds,
} from "../../web/src/route.js";

describe("parseRoute", () => {
  it("an empty hash is the default workspace", () => {
    expect(parseRoute("")).toEqual({ workspace: DEFAULT_WORKSPACE });
    expect(parseRoute("#")).toEqual({ workspace: DEFAULT_WORKSPACE });
    expect(parseRoute("#/")).toEqual({ workspace: DEFAULT_WORKSPACE });
  });

  it("keeps an unknown workspace id instead of falling back to mixed", () => {
    expect(parseRoute("#/nonsense")).toEqual({ workspace: "nonsense" });
    expect(parseRoute("#/no%20such?file=a.amx").workspace).toBe("no such");
    expect(parseRoute("#/bad%E0").workspace).toBe("bad%E0");
  });

  it("reads file and time", () => {
    expect(parseRoute("#/mixed?file=sub%2Fa.amx&t=1.5")).toEqual({
      workspace: "mixed",
      file: "sub/a.amx",
      t: { value: 1.5, percent: false },
    });
    expect(parseRoute("#/mixed?t=50%25").t).toEqual({ value: 0.5, percent: true });
    expect(parseRoute("#/file?file=rod.agr")).toEqual({ workspace: "file", file: "rod.agr" });
    expect(parseRoute("#/bulge/")).toEqual({ workspace: "bulge" });
  });

  it("keeps other parameters by name, the first of a repeated one", () => {
    expect(parseRoute("#/bulge?code=5&flex=90")).toEqual({
      workspace: "bulge",
      params: { code: "5", flex: "90" },
    });
    expect(parseRoute("#/bulge?file=m%2Fb&code=1&code=2").params).toEqual({ code: "1" });
    expect(parseRoute("#/bulge?file=x").params).toBeUndefined();
    const r = parseRoute("#/bulge?file=misc_data%2Fbulge_types&code=7&flex=12.5");
    expect(parseRoute(formatRoute(r))).toEqual(r);
    expect(formatRoute({ workspace: "bulge", params: { code: "5", flex: "90" } })).toBe(
      "#/bulge?code=5&flex=90",
    );
  });

  it("drops malformed times and empty files", () => {
    for (const t of ["", "%", "abc", "1e999", "NaN", "1.5.2"])
      expect(parseTime(t), t).toBeUndefined();
    expect(parseTime(null)).toBeUndefined();
    expect(parseTime(" 2 ")).toEqual({ value: 2, percent: false });
    expect(parseRoute("#/mixed?file=&t=x")).toEqual({ workspace: "mixed" });
  });

  it("formatRoute is its inverse", () => {
    for (const hash of [
      "#/mixed?file=a+b%2Fc.amx&t=1.25",
      "#/mixed?file=x.amx&t=12.5%25",
      "#/file?file=rod.agr",
      "#/live",
    ]) {
      const r = parseRoute(hash);
      expect(parseRoute(formatRoute(r))).toEqual(r);
    }
    expect(
      formatRoute({ workspace: "mixed", file: "a.amx", t: { value: 0.5, percent: true } }),
    ).toBe("#/mixed?file=a.amx&t=50%25");
  });

  // decision 16
  it("routeSeconds turns fractions into seconds and clamps", () => {
    expect(routeSeconds({ value: 0.5, percent: true }, 1, 3)).toBe(2);
    expect(routeSeconds({ value: 9, percent: false }, 0, 3)).toBe(3);
    expect(routeSeconds({ value: -1, percent: false }, 0, 3)).toBe(0);
  });
});
