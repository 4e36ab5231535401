/**
 * A small live scene for the Live workspace's browser test, drawn here: a
 * 128×96 face with key frames `neutral` (zero), `smile` and `surprise`,
 * control points on the mouth and eyes, a cut along the lips; `greet` →
 * [smile], `wow` → [surprise], signal `loud` > 0.8 → [surprise].
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { encode } from "fast-png";

export const FIXTURE_SCENE = "fixture-live/face.scene.json";
export const W = 128;
export const H = 96;

type Rgb = readonly [number, number, number];

function canvas(): Uint8Array {
  const d = new Uint8Array(W * H * 4);
  for (let i = 0; i < W * H; i++) d.set([226, 232, 240, 255], i * 4);
  return d;
}

function disc(d: Uint8Array, cx: number, cy: number, rx: number, ry: number, c: Rgb): void {
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) d.set([...c, 255], (y * W + x) * 4);
}

/** A thick mouth line through the points y(x) from x0 to x1. */
function curve(d: Uint8Array, x0: number, x1: number, y: (x: number) => number, c: Rgb): void {
  for (let x = x0; x <= x1; x++) {
    const yc = Math.round(y(x));
    for (let dy = -1; dy <= 1; dy++) d.set([...c, 255], ((yc + dy) * W + x) * 4);
  }
}

const SKIN: Rgb = [250, 204, 21];
const DARK: Rgb = [31, 41, 51];
const LIP: Rgb = [185, 28, 28];

function face(mouth: (d: Uint8Array) => void, eyeRy = 5): Uint8Array {
  const d = canvas();
  disc(d, 64, 48, 42, 42, SKIN);
  disc(d, 50, 38, 4, eyeRy, DARK);
  disc(d, 78, 38, 4, eyeRy, DARK);
  mouth(d);
  return d;
}

/*
 * The mouth moves far enough for the classic engine to move pixels at the
 * first in-between (it rounds moves to whole pixels: a move under 0.5 px,
 * |L − K| / 20 at СПК 19, moves nothing).
 */
const FRAMES = {
  neutral: {
    pixels: () => face((d) => curve(d, 44, 84, () => 64, LIP)),
    points: { mouthLeft: [44, 64], mouthRight: [84, 64], mouthMid: [64, 64], eyeLeft: [50, 38] },
  },
  smile: {
    pixels: () => face((d) => curve(d, 34, 94, (x) => 76 - (24 / 900) * (x - 64) ** 2, LIP)),
    points: { mouthLeft: [34, 52], mouthRight: [94, 52], mouthMid: [64, 76], eyeLeft: [50, 38] },
  },
  surprise: {
    pixels: () => face((d) => disc(d, 64, 68, 10, 12, LIP), 8),
    points: { mouthLeft: [54, 68], mouthRight: [74, 68], mouthMid: [64, 80], eyeLeft: [50, 34] },
  },
} as const;

/** The scene's text (points written `"name": [x, y]`, one per line). */
export function fixtureSceneText(): string {
  const frames = Object.entries(FRAMES).map(([name, f]) => {
    const points = Object.entries(f.points)
      .map(([p, [x, y]]) => `        "${p}": [${x}, ${y}]`)
      .join(",\n");
    return `    {\n      "name": "${name}",\n      "image": "${name}.png",\n      "points": {\n${points}\n      },\n      "cuts": [["mouthLeft", "mouthMid", "mouthRight"]]\n    }`;
  });
  return `{
  "version": 1,
  "size": [${W}, ${H}],
  "zeroFrame": "neutral",
  "frames": [
${frames.join(",\n")}
  ],
  "stories": { "smile": ["smile"], "surprise": ["surprise"] },
  "rules": [
    { "event": "greet", "story": "smile" },
    { "event": "wow", "story": "surprise" },
    { "when": "loud > 0.8", "story": "surprise", "priority": 1 }
  ],
  "signals": [{ "name": "loud", "min": 0, "max": 1 }],
  "params": { "radiusCorrection": 8 }
}
`;
}

/** Writes the scene and its PNGs under `root`. */
export function writeFixtureScene(root: string): void {
  const dir = join(root, "fixture-live");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(root, FIXTURE_SCENE), fixtureSceneText());
  for (const [name, f] of Object.entries(FRAMES))
    writeFileSync(
      join(dir, `${name}.png`),
      encode({ width: W, height: H, data: f.pixels(), channels: 4, depth: 8 }),
    );
}
