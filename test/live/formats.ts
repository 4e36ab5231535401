/** The live scene as the property suites see it, its generator, and the seeds fuzzing starts from. */
import fc from "fast-check";
import { expect } from "vitest";
import {
  CLASSIC_BAND_HOLES,
  CLASSIC_CLOSINGS,
  CLASSIC_OWN_CUTS,
  CLASSIC_READINGS,
  type KeyFrame,
  LIVE,
  type Rule,
  readScene,
  type Scene,
  sceneSummary,
  type Trigger,
  validateScene,
  writeScene,
} from "../../src/live/scene/index.js";
import { fixture } from "../helpers.js";
import type { Writable } from "../property-suites.js";

/** A finite number, never −0 (JSON has no −0). */
const finite = (min = -1e6, max = 1e6) =>
  fc.double({ noNaN: true, noDefaultInfinity: true, min, max }).map((v) => (v === 0 ? 0 : v));

/** A few names, so that frames, points and stories collide and go missing; odd ones too. */
const nameArb = fc.constantFrom("a", "b", "c", "mouthL", "", "x y", 'é"\\', "__proto__");
const signalNameArb = fc.constantFrom("loud", "_x", "a.b-c", "Z9");

const triggerArb: fc.Arbitrary<Trigger> = fc.oneof(
  nameArb.map((event) => ({ kind: "event" as const, event })),
  fc.record({
    kind: fc.constant("signal" as const),
    signal: signalNameArb,
    op: fc.constantFrom(">" as const, ">=" as const, "<" as const, "<=" as const),
    value: finite(),
  }),
  finite(-10, 1e5).map((ms) => ({ kind: "idle" as const, ms })),
);

const ruleArb: fc.Arbitrary<Rule> = fc.record({
  trigger: triggerArb,
  story: nameArb,
  priority: fc.oneof(fc.integer({ min: -5, max: 5 }), finite(-10, 10)),
  cooldownMs: fc.oneof(fc.constant(0), finite(-100, 1e4)),
});

const frameArb = (width: number, height: number): fc.Arbitrary<KeyFrame> =>
  fc.record({
    name: nameArb,
    image: fc.constantFrom("a.png", "f/b.PNG", "../x.png", "/abs.png", "c.jpg", "d\\e.png"),
    points: fc
      .uniqueArray(
        fc.tuple(nameArb, finite(-5, Math.max(width, 1) + 5), finite(-5, Math.max(height, 1) + 5)),
        { maxLength: 4, selector: ([n]) => n },
      )
      .map((ps) => new Map(ps.map(([n, x, y]) => [n, { x, y }]))),
    cuts: fc.array(fc.record({ points: fc.array(nameArb, { maxLength: 4 }) }), { maxLength: 2 }),
  });

/** Any scene the writer can write (sound or not). */
export const sceneArb: fc.Arbitrary<Scene> = fc
  .record({
    width: fc.oneof(fc.integer({ min: 1, max: 400 }), finite(-10, 10000)),
    height: fc.oneof(fc.integer({ min: 1, max: 400 }), fc.constant(0)),
  })
  .chain(({ width, height }) =>
    fc.record({
      version: fc.constant(1 as const),
      width: fc.constant(width),
      height: fc.constant(height),
      frames: fc.array(frameArb(width, height), { maxLength: 3 }),
      zeroFrame: nameArb,
      stories: fc
        .uniqueArray(fc.tuple(nameArb, fc.array(nameArb, { maxLength: 3 })), {
          maxLength: 3,
          selector: ([n]) => n,
        })
        .map((s) => new Map(s)),
      rules: fc.array(ruleArb, { maxLength: 3 }),
      signals: fc.array(
        fc.record({ name: fc.oneof(signalNameArb, nameArb), min: finite(), max: finite() }),
        { maxLength: 2 },
      ),
      params: fc.record({
        rateHz: fc.oneof(fc.constant(20), finite(-1, 100)),
        inbetweens: fc.oneof(fc.integer({ min: 0, max: 1001 }), finite(0, 20)),
        radiusCorrection: finite(-1, 20),
        cutBand: finite(-1, 10),
        classicReading: fc.constantFrom(...CLASSIC_READINGS),
        classicOwnCut: fc.constantFrom(...CLASSIC_OWN_CUTS),
        classicBandHoles: fc.constantFrom(...CLASSIC_BAND_HOLES),
        classicClosing: fc.constantFrom(...CLASSIC_CLOSINGS),
        engine: fc.constantFrom("classic" as const, "improved" as const),
        returnToZero: fc.constantFrom("cut" as const, "morph" as const),
      }),
    }),
  );

/** The scene file. */
export const SCENE_UNDER_TEST: Writable<Scene, string> = {
  name: "live scene",
  codes: LIVE,
  read: readScene,
  write: writeScene,
  validate: (m) => validateScene(m),
  invariants: (r) => {
    if (r.model) expect(() => sceneSummary(r.model!)).not.toThrow();
  },
};

/** The example fixture and generated scenes. */
export const SCENE_SEEDS = fc.oneof(
  fc.constant(fixture("live/example.scene.json")),
  sceneArb.map(writeScene),
);
