/**
 * Contact sheets of the demo face's transitions, to look at every tick:
 * `npx tsx scripts/live-contact.ts OUT_DIR [--crop eyes|mouth|face] [--zoom N]`
 * writes OUT_DIR/<engine>-<transition>.png for greet (neutral → smile),
 * blink (neutral → blink) and talk (neutral → talk), with the classic engine
 * (its scene reading) and the improved one: K, the 19 in-betweens and L,
 * left to right and top to bottom, seven a row, a grey gap between them.
 * The face is made by the demo's generator (scripts/demo), so the sheets
 * show what `npx tsx scripts/make-demo.ts` would write.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type EngineFrame, engineFrame } from "../src/live/engine.js";
import { engineNamed } from "../src/live/engines.js";
import type { RgbaImage } from "../src/live/image.js";
import { decodePng, encodePng } from "../src/live/png.js";
import { buildFaceFiles, FaceFiles, PARAMS } from "./demo/face.js";
import { controlPoints, EXPRESSIONS, FACE_CUTS, type FaceFrame } from "./demo/face-model.js";

const CROPS = {
  face: [40, 30, 240, 200],
  eyes: [84, 70, 152, 56],
  mouth: [104, 140, 112, 56],
  eye: [92, 88, 54, 40],
} as const;

/** The demo face's key frame `name` as an engine frame. */
export function faceFrame(name: FaceFrame): EngineFrame {
  const files = buildFaceFiles();
  const image = decodePng(files.get(FaceFiles.image(name)) as Uint8Array).image!;
  const points = controlPoints(EXPRESSIONS[name]);
  return engineFrame(
    image,
    points.map(([n]) => n),
    new Map(points),
    FACE_CUTS.map((c) => ({ points: c })),
  );
}

/** K, the in-betweens and L of one transition with `engine`. */
export function transitionFrames(engine: string, from: FaceFrame, to: FaceFrame): RgbaImage[] {
  const k = faceFrame(from);
  const l = faceFrame(to);
  const params = PARAMS;
  const run = engineNamed(engine)!.begin(k, l, params);
  const out: RgbaImage[] = [k.image];
  for (let counter = 19; counter >= 1; counter--) {
    const { image } = run.next(counter);
    out.push({ ...image, data: Uint8ClampedArray.from(image.data) });
  }
  out.push(l.image);
  return out;
}

/** The frames cropped to `crop`, enlarged `zoom` times, seven a row. */
function sheet(
  frames: RgbaImage[],
  crop: readonly number[],
  zoom: number,
  cols: number,
): RgbaImage {
  const [cx, cy, cw, ch] = crop as [number, number, number, number];
  const gap = 4;
  const rows = Math.ceil(frames.length / cols);
  const width = cols * (cw * zoom + gap) + gap;
  const height = rows * (ch * zoom + gap) + gap;
  const data = new Uint8ClampedArray(width * height * 4).fill(128);
  frames.forEach((f, i) => {
    const ox = gap + (i % cols) * (cw * zoom + gap);
    const oy = gap + Math.floor(i / cols) * (ch * zoom + gap);
    for (let y = 0; y < ch * zoom; y++) {
      for (let x = 0; x < cw * zoom; x++) {
        const s = ((cy + Math.floor(y / zoom)) * f.width + cx + Math.floor(x / zoom)) * 4;
        const d = ((oy + y) * width + ox + x) * 4;
        for (let c = 0; c < 4; c++) data[d + c] = f.data[s + c]!;
      }
    }
  });
  return { width, height, data };
}

if (process.argv[1]?.endsWith("live-contact.ts")) {
  const out = process.argv[2] ?? "contact";
  const args = process.argv.slice(3);
  const crop = (args[args.indexOf("--crop") + 1] ?? "face") as keyof typeof CROPS;
  const zoom = args.includes("--zoom") ? Number(args[args.indexOf("--zoom") + 1]) : 1;
  const cols = args.includes("--cols") ? Number(args[args.indexOf("--cols") + 1]) : 7;
  mkdirSync(out, { recursive: true });
  const transitions: [string, FaceFrame][] = [
    ["greet", "smile"],
    ["blink", "blink"],
    ["talk", "talk"],
  ];
  for (const engine of ["classic", "improved"]) {
    for (const [label, to] of transitions) {
      const frames = transitionFrames(engine, "neutral", to);
      const file = join(out, `${engine}-${label}-${args.includes("--crop") ? crop : "face"}.png`);
      writeFileSync(file, encodePng(sheet(frames, CROPS[crop] ?? CROPS.face, zoom, cols)));
      console.log(file);
    }
  }
}
