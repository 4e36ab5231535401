/**
 * The studio's strings: the shell keeps only its own; each workspace's live
 * with the workspace and are added through `registerStrings`, so a new
 * workspace brings its strings without editing the shell's catalogue.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { registerStrings, setLanguage, t } from "../../web/src/i18n.js";
import "../../web/src/bulge/strings.js";
import "../../web/src/live/strings.js";
import "../../web/src/mixed/strings.js";

beforeAll(() => {
  // setLanguage re-renders translated elements: a document with none.
  Object.assign(globalThis, {
    document: { documentElement: {}, querySelectorAll: () => [] },
    localStorage: { setItem: () => undefined },
  });
});

describe("studio strings", () => {
  it("the shell's catalogue holds no workspace's strings", () => {
    const shell = readFileSync("web/src/i18n.ts", "utf8");
    expect(shell).not.toMatch(/"(mixed|mesh|bulge|bulgePreview|live|bodies|probe|export)\./);
    expect(shell).not.toMatch(/"ws\.(mixed|mesh|bulge|live)"/);
  });

  it("each workspace's strings are in the catalogue in every language", () => {
    setLanguage("en");
    expect(t("bulge.save")).toBe("Save");
    expect(t("live.step")).toBe("One tick");
    expect(t("mixed.loading", { file: "a.amx" })).toBe("Loading a.amx…");
    setLanguage("ru");
    expect(t("bulge.save")).toBe("Сохранить");
    expect(t("ws.mesh")).toBe("Сетка");
    expect(t("app.title")).toBe("Студия Deforma");
    setLanguage("en");
  });

  // decision 165
  it("a planted workspace registers its strings with no edit to the shell", () => {
    registerStrings({
      en: { "toy.hello": "Hello {name}" },
      ru: { "toy.hello": "Привет, {name}" },
    });
    // A planted key is not in the typed catalogue: reach it as a test would from outside.
    const say = t as (key: string, vars?: Record<string, string>) => string;
    expect(say("toy.hello", { name: "Ann" })).toBe("Hello Ann");
    setLanguage("ru");
    expect(say("toy.hello", { name: "Аня" })).toBe("Привет, Аня");
    setLanguage("en");
  });
});
