/**
 * Dropping frames to keep the story's wall-clock timing (issue 20, item 4):
 * `Player.tick(n, true)` plays the ticks it skips without showing them.
 */
import { describe, expect, it } from "vitest";
import { CLASSIC_ENGINE } from "../../src/live/classic/index.js";
import type { EngineFrame, EngineParams } from "../../src/live/engine.js";
import { createImage } from "../../src/live/image.js";
import { Player } from "../../src/live/player/index.js";
import { COUNTER_ENGINE, on, testImages, testScene } from "./player-fixtures.js";

function player(engine = COUNTER_ENGINE) {
  const p = new Player(testScene([on("greet", "smile")]), testImages(), { engine });
  p.send({ atMs: 120, event: "greet" });
  return p;
}

function short(r: ReturnType<Player["tick"]>): string {
  const x = r.record;
  return x.kind === "key" ? x.frame : `${x.from}→${x.to}:${x.counter}`;
}

describe("player: dropping frames to keep time", () => {
  // decision 288
  it("shows at tick n what it shows on time; the default waits instead", () => {
    const onTime = player();
    const shown: string[] = [];
    for (let n = 0; n <= 24; n++) shown.push(short(onTime.tick(n)));
    const keep = player();
    keep.tick(0);
    // The page was busy from tick 0 to 10: ticks 1–9 are dropped, tick 10 is on time.
    const r = keep.tick(10, true);
    expect(short(r)).toBe(shown[10]);
    expect(short(r)).toBe("neutral→smile:13");
    expect(r.fired).toEqual(["greet → smile"]);
    expect(r.image.data[0]).toBe(13);
    expect(keep.state.dropped).toBe(9);
    expect(short(keep.tick(23, true))).toBe("smile");
    expect(short(keep.tick(24, true))).toBe("neutral");
    expect(keep.state.dropped).toBe(21);
    // Waiting (the seed's step 2, decision 88): the next frame of the sequence, later.
    const wait = player();
    wait.tick(0);
    expect(short(wait.tick(10))).toBe(shown[1]);
    expect(wait.state.dropped).toBe(9);
  });

  for (const reading of ["fraction", "carry", "literal"] as const) {
    // decision 289
    it(`the classic engine's in-between after dropped ones puts the points where they belong (${reading})`, () => {
      const image = createImage(60, 40);
      image.data.fill(200);
      const frame = (xy: number[]): EngineFrame => ({
        image,
        names: ["a", "b"],
        points: Float64Array.from(xy),
        cuts: [],
      });
      const params: EngineParams = {
        inbetweens: 19,
        radiusCorrection: 8,
        cutBand: 3,
        classicReading: reading,
      };
      const k = frame([10, 10, 40, 30]);
      const l = frame([30, 12, 45, 20]);
      const t = CLASSIC_ENGINE.begin(k, l, params);
      for (const c of [19, 15, 14, 6, 1]) {
        const p = t.next(c).points;
        const f = (20 - c) / 20;
        for (let i = 0; i < 4; i++)
          expect(p[i]).toBeCloseTo(k.points[i]! + f * (l.points[i]! - k.points[i]!), 9);
      }
    });
  }
});
