/**
 * Smoke test of the bench harness (`npm run bench -- --quick --json`): stdout
 * is only the JSON array, with docs/design.md's rows, keys and goals; a row whose
 * peer is there has numeric ratios, one whose peer is missing says why. It
 * never asserts a time or a ratio's value (CI machines differ).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** The bench's rows and goals (docs/design.md, bench/README.md): row → goal. */
const GOALS: Record<string, number> = {
  "agr-text-parse": 0.6,
  // decision 311
  "agr-binary-load": 1.5,
  "agr-text-parse-1thread": 0.9,
  "agr-text-parse-vs-from-chars": 2.0,
  "agr-text-peak-memory": 1.3,
  "mixed-frame": 0.33,
  "mixed-frame-vs-loop": 0.5,
  "warp-improved-vs-remap": 4.0,
  "morph-improved-vs-skimage": 0.05,
  "morph-improved-vs-opencv": 0.1,
  "quality-photo-smooth": 0.79,
  "quality-photo-local": 0.79,
  "quality-photo-slit": 0.79,
  "quality-photo-shear": 0.79,
  "classic-inbetween-vs-tick": 0.5,
  "bulge-deform-vs-skinning": 1.0,
  "bulge-skin-vs-loop": 1.0,
  "bulge-deform-vs-loop": 2.0,
  "bulge-bake": 1.0,
  "cli-cold-start": 1.5,
  "cli-cold-start-npx": 1.5,
  "mesh-open-series": 1.0,
  "mesh-open-large": 1.0,
  "studio-longest-task": 1.0,
  "share-mixed-demo-size": 1.0,
  "share-series-size": 1.0,
  "share-live-tick": 1.0,
  "share-live-open": 1.0,
  "share-mixed-open": 1.0,
  "share-series-open": 1.0,
  "share-bulge-demo-size": 1.0,
  "share-bulge-open": 1.0,
};

/** Rows whose peer is in this process (three.js, node, the tick): never missing. */
const ALWAYS = [
  "mixed-frame",
  "mixed-frame-vs-loop",
  "classic-inbetween-vs-tick",
  "bulge-deform-vs-skinning",
  "bulge-skin-vs-loop",
  "bulge-deform-vs-loop",
  "bulge-bake",
  "cli-cold-start",
  "cli-cold-start-npx",
  "share-mixed-demo-size",
  "share-series-size",
  "share-live-tick",
  "share-live-open",
  "share-mixed-open",
  "share-series-open",
  "share-bulge-demo-size",
  "share-bulge-open",
];

describe("npm run bench -- --quick --json", () => {
  it("prints only the JSON array of docs/design.md's rows", { timeout: 300_000 }, () => {
    const r = spawnSync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "bench/run.ts", "--quick", "--json"],
      { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 24 },
    );
    expect(r.status, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(rows.map((x) => x.name)).toEqual(Object.keys(GOALS));
    for (const row of rows) {
      const name = row.name as string;
      expect(Object.keys(row), name).toEqual([
        "name",
        "peer",
        "ratio",
        "min",
        "max",
        "goal",
        "load",
        "cpuOurs",
        "cpuTheirs",
        "note",
      ]);
      expect(row.goal, name).toBe(GOALS[name]);
      // The load at the row's time, and each side's CPU ms per call where measured.
      expect(typeof row.load, name).toBe("number");
      for (const k of ["cpuOurs", "cpuTheirs"]) {
        expect(
          row[k] === null || (typeof row[k] === "number" && (row[k] as number) >= 0),
          `${name}.${k}`,
        ).toBe(true);
      }
      expect(typeof row.peer, name).toBe("string");
      expect(typeof row.note, name).toBe("string");
      if (row.ratio === null) {
        // A missing peer: no numbers, and the note says why.
        expect(ALWAYS, name).not.toContain(name);
        expect(row.min, name).toBeNull();
        expect(row.max, name).toBeNull();
        expect(row.note as string, name).toMatch(/peer skipped: \S/);
      } else {
        for (const k of ["ratio", "min", "max"]) {
          expect(typeof row[k], `${name}.${k}`).toBe("number");
          // The Long Tasks API reports only tasks over 50 ms: a playback with none gives 0.
          const floor = name === "studio-longest-task" ? -1 : 0;
          expect(Number.isFinite(row[k]) && (row[k] as number) > floor, `${name}.${k}`).toBe(true);
        }
        expect(row.min as number).toBeLessThanOrEqual(row.ratio as number);
        expect(row.ratio as number).toBeLessThanOrEqual(row.max as number);
      }
    }
  });
});

describe("bench/run.ts", () => {
  // decision 365
  it("imports a row family's module only when that family runs", () => {
    const source = readFileSync(new URL("../bench/run.ts", import.meta.url), "utf8");
    const eager = [...source.matchAll(/^import (?!type )[^;]*? from "(\.[^"]+)";/gm)].map(
      (m) => m[1],
    );
    expect(eager.sort()).toEqual(["./harness.js", "./huge-pages.js"]);
    for (const row of ["./agr.js", "./mixed.js", "./live-improved.js", "./share-open.js"]) {
      expect(source).toContain(`await import("${row}")`);
    }
  });
});
