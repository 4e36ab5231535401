/**
 * `npm install` and `npm run build` print only what needs attention: every
 * dependency with an install script is reviewed in package.json's
 * `allowScripts` (npm 11 warns about the others, npm 12 skips their scripts —
 * esbuild would lose its binary), and the web build does not print
 * Rolldown's PLUGIN_TIMINGS advice.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import viteConfig from "../web/vite.config.js";

const json = (path: string) =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8")) as Record<string, unknown>;

describe("a quiet install and build", () => {
  // decision 141
  it("allowScripts names every locked package that has an install script", () => {
    const lock = json("../package-lock.json") as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const scripted = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(scripted).toContain("esbuild");
    const allowed = (json("../package.json").allowScripts ?? {}) as Record<string, boolean>;
    const reviewed = new Set(Object.keys(allowed).map((k) => k.replace(/(.)@.*$/, "$1")));
    expect(scripted.filter((name) => !reviewed.has(name))).toEqual([]);
  });

  // decision 142
  it("the web build turns Rolldown's bundler-timings warning off", () => {
    const options = viteConfig.build?.rolldownOptions as { checks?: Record<string, boolean> };
    expect(options?.checks?.bundlerTimings).toBe(false);
  });
});
