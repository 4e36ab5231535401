/** `live render` with issue 20's stories: dropped triggers and pre-emptions in timeline.json and the summary; no pop. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodePng } from "../../src/live/png.js";
import { cli, copyDemo } from "../helpers.js";

/** A scratch copy of the demo's pictures with a scene of our own rules (the demo's own rules are not relied on). */
function scratch(engine: string): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-stories-"));
  copyDemo(dir, "live");
  const scene = JSON.parse(readFileSync(join(dir, "face.scene.json"), "utf8"));
  scene.params.engine = engine;
  scene.stories = { smile: ["smile"], surprise: ["surprise"] };
  scene.rules = [
    { event: "greet", story: "smile" },
    { event: "wow", story: "surprise", priority: 5, queue: "replace" },
  ];
  writeFileSync(join(dir, "face.scene.json"), JSON.stringify(scene));
  writeFileSync(
    join(dir, "events.json"),
    JSON.stringify([
      { atMs: 120, event: "greet" },
      { atMs: 500, event: "greet" },
      { atMs: 600, event: "wow" },
    ]),
  );
  return dir;
}

/** Mean absolute difference of two frames' RGB (grey levels). */
function differ(dir: string, a: number, b: number): number {
  const png = (n: number) =>
    decodePng(readFileSync(join(dir, "out", `frame-${String(n).padStart(5, "0")}.png`))).image!
      .data;
  const [x, y] = [png(a), png(b)];
  let sum = 0;
  for (let i = 0; i < x.length; i += 4)
    for (let c = 0; c < 3; c++) sum += Math.abs(x[i + c]! - y[i + c]!);
  return sum / ((x.length / 4) * 3);
}

describe("live render: dropped and pre-empted triggers", () => {
  // decision 279
  for (const engine of ["classic", "improved"]) {
    it(`${engine}: the second greet is listed as dropped, wow pre-empts the greet without a pop`, async () => {
      const dir = scratch(engine);
      const r = await cli(
        [
          "live",
          "render",
          "face.scene.json",
          "--events",
          "events.json",
          "--ticks",
          "36",
          "--out",
          "out",
        ],
        dir,
      );
      expect(r.code, r.err).toBe(0);
      expect(r.err).toContain("rules fired: greet → smile at tick 3, wow → surprise at tick 12\n");
      expect(r.err).toContain(
        "triggers dropped: greet → smile at tick 10 (same); transitions pre-empted: 1\n",
      );
      const lines = readFileSync(join(dir, "out", "timeline.json"), "utf8").split("\n");
      expect(lines[12]).toBe(
        '  {"tick":10,"timeMs":500,"kind":"dropped","trigger":"greet","story":"smile","reason":"same"},',
      );
      expect(lines[15]).toBe(
        '  {"tick":13,"timeMs":650,"kind":"inbetween","from":"neutral","to":"surprise","counter":19,"preempted":"smile"},',
      );
      const timeline = JSON.parse(lines.join("\n")) as { kind: string }[];
      expect(timeline.filter((t) => t.kind !== "dropped")).toHaveLength(36);
      // No pop: the first in-between after the take-over is as close to the one before as
      // neighbouring in-betweens are, and far closer than the surprise key frame is.
      const step = differ(dir, 11, 12);
      expect(differ(dir, 12, 13)).toBeLessThan(3 * step + 1);
      expect(differ(dir, 12, 13) * 5).toBeLessThan(differ(dir, 12, 32));
    });
  }
});
