/**
 * `npx tsx scripts/live-quality-photo.ts [size]`: the photograph scenes'
 * table (improved engine, TPS + dissolve, piecewise-affine; PSNR against the
 * truth at every in-between) and the pictures of docs/live-engines.md: for
 * each scene, docs/images/live-photo-<scene>.png shows side by side K, L,
 * the truth at t = 1/2, the improved engine's in-between and TPS +
 * dissolve's. The photograph is scikit-image's astronaut (public domain),
 * read through bench/photo.ts; the pictures are of the generated scenes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { astronaut } from "../bench/photo.js";
import { createImage, type RgbaImage } from "../src/live/image.js";
import { IMPROVED_ENGINE } from "../src/live/improved/index.js";
import { encodePng } from "../src/live/png/encode.js";
import { PIECEWISE_AFFINE, TPS_DISSOLVE } from "../src/live/quality/baselines.js";
import { measure, QUALITY_PARAMS, qualityTable } from "../src/live/quality/index.js";
import { photoScenes } from "../src/live/quality/photo.js";

const size = Number(process.argv[2] ?? 128);
const photo = astronaut(size);
if (typeof photo === "string") throw new Error(`no photograph: ${photo}`);
const dir = fileURLToPath(new URL("../docs/images/", import.meta.url));
mkdirSync(dir, { recursive: true });

/** The pictures side by side, with a 2-px white gap. */
function strip(images: readonly RgbaImage[]): RgbaImage {
  const { width, height } = images[0]!;
  const out = createImage(images.length * (width + 2) - 2, height);
  out.data.fill(255);
  images.forEach((image, i) => {
    for (let y = 0; y < height; y++) {
      const from = y * width * 4;
      out.data.set(
        image.data.subarray(from, from + width * 4),
        (y * out.width + i * (width + 2)) * 4,
      );
    }
  });
  return out;
}

const results = [];
for (const s of photoScenes(photo)) {
  const engines = [IMPROVED_ENGINE, TPS_DISSOLVE, PIECEWISE_AFFINE];
  results.push(...engines.map((e) => measure(e, s)));
  // t = 1/2 is counter 10 of 19.
  const mid = (engine: typeof IMPROVED_ENGINE) => {
    const { image } = engine.begin(s.k, s.l, QUALITY_PARAMS).next(10);
    return { ...image, data: new Uint8ClampedArray(image.data) };
  };
  const picture = strip([
    s.k.image,
    s.l.image,
    s.truth(0.5),
    mid(IMPROVED_ENGINE),
    mid(TPS_DISSOLVE),
  ]);
  writeFileSync(`${dir}live-${s.name}.png`, encodePng(picture));
}
console.log(qualityTable(results));
