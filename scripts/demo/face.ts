/**
 * The live demo: a cartoon face drawn procedurally (`face-model.ts`,
 * `face-draw.ts`) in five key frames, its scene `live/face.scene.json`
 * (control points and cuts from the same curves as the pictures, stories,
 * rules) and `live/events.json` (greet at 120 ms, the README's example).
 * Same bytes every run.
 */
import { encodePng } from "../../src/live/png.js";
import { drawFace } from "./face-draw.js";
import {
  controlPoints,
  EXPRESSIONS,
  FACE_CUTS,
  FACE_HEIGHT,
  FACE_WIDTH,
  type FaceFrame,
} from "./face-model.js";

/** Names of the files, relative to the demo folder. */
export const FaceFiles = {
  scene: "live/face.scene.json",
  events: "live/events.json",
  /** Lip sync: a loudness envelope that drives the mouth, and a blink during the talk (issue 20). */
  talk: "live/talk-events.json",
  /** The key frame `name`'s picture. */
  image: (name: FaceFrame) => `live/face-${name}.png`,
} as const;

/** The key frames in the scene's order; the first is the zero frame. */
export const FACE_FRAMES: readonly FaceFrame[] = ["neutral", "smile", "surprise", "blink", "talk"];

/**
 * The scene's player parameters, written out so a reader sees them: the
 * seed's, except the radius correction l, chosen by looking at the classic
 * engine's in-betweens of this face (docs/decisions.md): with the default 8
 * a moving mouth corner tears the lip line, 24 bends it.
 */
export const PARAMS = {
  rateHz: 20,
  inbetweens: 19,
  radiusCorrection: 24,
  cutBand: 3,
  // A lid's or lip's own cut does not hold its skin back (decision 380): the classic blink closes.
  classicOwnCut: "passes",
  // The classic step 17 averages a band's holes from their own side of the cuts (decision 383): no flecks of L in the lips.
  classicBandHoles: "ownSide",
  // A closing lid or lip covers what it closes over (decision 389): the classic blink ends closed.
  classicClosing: "covers",
  engine: "classic",
  returnToZero: "cut",
} as const;

/**
 * Stories: a key-frame list each, or the object form with its own timing
 * (issue 20): a 150 ms blink (3 in-betweens) that morphs back as fast, and a
 * surprise that eases out over half a second.
 */
const STORIES: Record<string, readonly FaceFrame[] | Record<string, unknown>> = {
  smile: ["smile"],
  surprise: { frames: ["surprise"], durationMs: 500, easing: "ease-out" },
  blink: { frames: ["blink"], durationMs: 150, returnToZero: "morph", region: "eyes" },
  talk: ["talk", "neutral", "talk"],
  lipsync: {
    frames: ["talk"],
    region: "mouth",
    drive: { signal: "loud", from: 0.05, to: 0.75, attackMs: 30, releaseMs: 90 },
  },
};

/**
 * Regions (issue 20): the eyes with the brows, and the mouth, each with a
 * rectangle feathered over 8 px inside its edge; the cheeks belong to
 * neither and stay where the zero frame has them while a region plays.
 */
const REGIONS = {
  eyes: {
    points: [
      ...["eyeLOuter", "eyeLInner", "eyeLTop", "eyeLBottom"],
      ...["eyeROuter", "eyeRInner", "eyeRTop", "eyeRBottom"],
      ...["eyeLTopO", "eyeLTopI", "eyeLBottomO", "eyeLBottomI"],
      ...["eyeRTopO", "eyeRTopI", "eyeRBottomO", "eyeRBottomI"],
      ...["browLInner", "browLMidI", "browLMidO", "browLOuter"],
      ...["browRInner", "browRMidI", "browRMidO", "browROuter"],
    ],
    mask: {
      polygon: [
        [78, 60],
        [242, 60],
        [242, 134],
        [78, 134],
      ],
      feather: 8,
    },
  },
  mouth: {
    points: [
      ...["lipShade", "mouthL", "mouthR", "lipTop", "lipBottom"],
      ...["lipTopL", "lipTopR", "lipBottomL", "lipBottomR"],
    ],
    mask: {
      polygon: [
        [104, 148],
        [216, 148],
        [216, 204],
        [104, 204],
      ],
      feather: 8,
    },
  },
};

/** Situation rules, in file order. `greet` → [smile] exactly (tests outside the repository use it). */
const RULES: readonly Record<string, string | number | number[]>[] = [
  { event: "greet", story: "smile" },
  { event: "wow", story: "surprise", priority: 1, queue: "replace" },
  { when: "loud > 0.8", story: "surprise", priority: 1, cooldownMs: 2000 },
  { event: "talk", story: "talk" },
  { idleMs: [2500, 5000], story: "blink", seed: 1 },
  { event: "blink", story: "blink" },
];

/**
 * The lip-sync events: `loud` every 50 ms from 0.2 s to 2.8 s, syllables
 * of about 0.2 s (at most 0.75, so the `loud > 0.8` surprise stays off),
 * and a blink at 1.2 s while the mouth talks.
 */
export function talkEvents(): { atMs: number; signal?: string; value?: number; event?: string }[] {
  const out: { atMs: number; signal?: string; value?: number; event?: string }[] = [];
  for (let atMs = 200; atMs <= 2800; atMs += 50) {
    const t = (atMs - 200) / 1000;
    const syllable =
      Math.abs(Math.sin(Math.PI * 5 * t)) * (0.55 + 0.2 * Math.sin(Math.PI * 1.3 * t));
    const value = atMs === 2800 ? 0 : Math.round(syllable * 100) / 100;
    out.push({ atMs, signal: "loud", value });
  }
  out.splice(20, 0, { atMs: 1200, event: "blink" });
  return out;
}

/** A coordinate rounded to 1/100 pixel (the curves' points are exact to far less than that). */
function coordinate(v: number): number {
  return Math.round(v * 100) / 100;
}

/** The scene's JSON text: one line per point, cut, story and rule. */
export function faceSceneText(): string {
  const json = (v: unknown) => JSON.stringify(v);
  const frames = FACE_FRAMES.map((name) => {
    const points = controlPoints(EXPRESSIONS[name])
      .map(([n, p]) => `        ${json(n)}: [${coordinate(p.x)}, ${coordinate(p.y)}]`)
      .join(",\n");
    const cuts = FACE_CUTS.map((c) => `        ${json(c)}`).join(",\n");
    return [
      "    {",
      `      "name": ${json(name)},`,
      `      "image": ${json(FaceFiles.image(name).slice("live/".length))},`,
      `      "points": {\n${points}\n      },`,
      `      "cuts": [\n${cuts}\n      ]`,
      "    }",
    ].join("\n");
  });
  const stories = Object.entries(STORIES)
    .map(([n, s]) => `    ${json(n)}: ${json(s)}`)
    .join(",\n");
  const rules = RULES.map((r) => `    ${json(r)}`).join(",\n");
  const regions = Object.entries(REGIONS)
    .map(([n, r]) => `    ${json(n)}: ${json(r)}`)
    .join(",\n");
  return `${[
    "{",
    `  "version": 1,`,
    `  "size": [${FACE_WIDTH}, ${FACE_HEIGHT}],`,
    `  "params": ${json(PARAMS)},`,
    `  "zeroFrame": "neutral",`,
    `  "frames": [\n${frames.join(",\n")}\n  ],`,
    `  "stories": {\n${stories}\n  },`,
    `  "signals": [{"name": "loud", "min": 0, "max": 1}],`,
    `  "rules": [\n${rules}\n  ],`,
    `  "regions": {\n${regions}\n  }`,
    "}",
  ].join("\n")}\n`;
}

/** Every file of the live demo: path under the demo folder → content. */
export function buildFaceFiles(): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>();
  for (const name of FACE_FRAMES)
    files.set(FaceFiles.image(name), encodePng(drawFace(EXPRESSIONS[name])));
  files.set(FaceFiles.scene, faceSceneText());
  files.set(FaceFiles.events, `${JSON.stringify([{ atMs: 120, event: "greet" }])}\n`);
  files.set(
    FaceFiles.talk,
    `[\n${talkEvents()
      .map((e) => `  ${JSON.stringify(e)}`)
      .join(",\n")}\n]\n`,
  );
  return files;
}
