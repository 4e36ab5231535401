/**
 * The engine list is the only list: an engine planted with `registerEngine`
 * (and nothing else edited) is accepted by the scene reader and checks,
 * taken by `live render --engine` (listed in its help, used to render), and
 * offered by the studio's engine switch; once removed, it is refused again.
 */
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Engine } from "../../src/live/engine.js";
import { engineNamed, engineNames, registerEngine } from "../../src/live/engines.js";
import { createImage } from "../../src/live/image.js";
import { decodePng } from "../../src/live/png.js";
import {
  DEFAULT_PARAMS,
  readScene,
  type Scene,
  validateScene,
} from "../../src/live/scene/index.js";
import { LiveSession } from "../../web/src/live/session.js";
import { engineChoices, engineLabel } from "../../web/src/live/toolbar.js";
import type { TimeSource } from "../../web/src/shell/clock.js";
import { cli, demoPath } from "../helpers.js";

/** A toy engine: every in-between is one colour, the points stay where K has them. */
const TOY: Engine = {
  name: "toy",
  begin(k) {
    const image = createImage(k.image.width, k.image.height);
    for (let i = 0; i < image.data.length; i += 4) image.data.set([250, 0, 250, 255], i);
    return { next: () => ({ image, points: new Float64Array(k.points) }) };
  },
};

/** A clock source that never runs by itself. */
const STILL: TimeSource = { now: () => 0, request: () => () => {} };

/** A one-frame scene using `engine`. */
function scene(engine: string): Scene {
  const frame = { name: "a", image: "a.png", points: new Map([["p", { x: 0, y: 0 }]]), cuts: [] };
  return {
    version: 1,
    width: 2,
    height: 2,
    frames: [frame],
    zeroFrame: "a",
    stories: new Map(),
    rules: [],
    signals: [],
    params: { ...DEFAULT_PARAMS, engine },
  };
}

const sceneText = (engine: string) =>
  `{"version": 1, "size": [2, 2], "zeroFrame": "a", "params": {"engine": "${engine}"},\n` +
  ` "frames": [{"name": "a", "image": "a.png", "points": {"p": [0, 0]}}]}`;

let unregister: (() => void) | undefined;
afterEach(() => {
  unregister?.();
  unregister = undefined;
});

describe("registerEngine", () => {
  // decisions 132 and 133
  it("plants an engine that the scene, the CLI and the studio's switch take, with no other edit", async () => {
    expect(readScene(sceneText("toy")).diagnostics.map((d) => d.code)).toEqual(["LIV015"]);
    unregister = registerEngine(TOY);
    expect(engineNames()).toEqual(["classic", "improved", "toy"]);
    expect(engineNamed("toy")).toBe(TOY);

    // The scene reader and the checks of an in-memory scene.
    const read = readScene(sceneText("toy"));
    expect(read.diagnostics).toEqual([]);
    expect(read.model?.params.engine).toBe("toy");
    expect(validateScene(scene("toy"))).toEqual([]);

    // The CLI: listed in the help, parsed, and used for the in-betweens.
    const help = await cli(["live", "render", "--help"]);
    expect(help.out).toContain("--engine classic|improved|toy");
    const dir = mkdtempSync(join(tmpdir(), "deforma-engine-"));
    cpSync(demoPath("live"), dir, { recursive: true });
    const args = ["live", "render", "face.scene.json", "--events", "events.json"];
    const r = await cli([...args, "--ticks", "6", "--out", "out", "--engine", "toy"], dir);
    expect(r.err).toContain("toy engine");
    expect(r.code).toBe(0);
    const inbetween = decodePng(readFileSync(join(dir, "out", "frame-00005.png"))).image!;
    expect([...inbetween.data.subarray(0, 4)]).toEqual([250, 0, 250, 255]);

    // The studio: the switch offers it, labelled by its name, and the session plays it.
    const session = new LiveSession(
      {
        path: "s.scene.json",
        text: "",
        scene: scene("toy"),
        images: new Map([["a", createImage(2, 2)]]),
      },
      STILL,
    );
    expect(session.engine).toBe("toy");
    expect(engineChoices(session)).toContainEqual({ name: "toy", available: true });
    expect(engineLabel("toy")).toBe("toy");
    session.dispose();
  });

  // decision 132
  it("refuses a second engine of a name, and forgets a removed one everywhere", async () => {
    expect(() => registerEngine({ ...TOY, name: "classic" })).toThrow(/registered twice/);
    registerEngine(TOY)();
    expect(engineNames()).toEqual(["classic", "improved"]);
    expect(validateScene(scene("toy")).map((d) => d.message)).toEqual([
      "params: 'engine' must be 'classic' or 'improved', found 'toy'",
    ]);
    const r = await cli([
      "live",
      "render",
      "x.scene.json",
      "--ticks",
      "1",
      "--out",
      "o",
      "--engine",
      "toy",
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--engine.*one of classic, improved/);
    expect(engineChoices({ hasEngine: () => true }).map((c) => c.name)).toEqual([
      "classic",
      "improved",
    ]);
  });
});
