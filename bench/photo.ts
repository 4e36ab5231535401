/**
 * The photograph of the quality scenes, read at run time from scikit-image's
 * data (Debian `python3-skimage`): `astronaut` (Eileen Collins, NASA; public
 * domain, no known copyright restrictions, per its docstring), the 256 × 256
 * square around the face (rows 0–255, columns 96–351 of the 512 × 512
 * original), box-filtered down to `size` × `size`. Nothing is stored in the
 * repository; undefined (with the reason) when Python or scikit-image is missing.
 */
import { spawnSync } from "node:child_process";
import type { RgbaImage } from "../src/live/image.js";

const SCRIPT = `
import sys
import numpy as np
import skimage.data
size = int(sys.argv[1])
a = skimage.data.astronaut()[0:256, 96:352, :3].astype(np.float64)
f = 256 // size
a = a.reshape(size, f, size, f, 3).mean(axis=(1, 3))
sys.stdout.buffer.write(np.round(a).astype(np.uint8).tobytes())
`;

/** The astronaut photograph at size × size (a divisor of 256), or why it is not available. */
export function astronaut(
  size: number,
  python = process.env.BENCH_PYTHON ?? "/usr/bin/python3",
): RgbaImage | string {
  if (!(size > 0 && 256 % size === 0)) return `size ${size} does not divide 256`;
  const run = spawnSync(python, ["-c", SCRIPT, String(size)], {
    maxBuffer: 4 * 256 * 256,
    timeout: 60_000,
  });
  if (run.error) return run.error.message;
  const rgb = run.stdout;
  if (run.status !== 0 || rgb.length !== size * size * 3) {
    return String(run.stderr).trim().split("\n").pop() || `python exited with ${run.status}`;
  }
  const data = new Uint8ClampedArray(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    data[4 * i] = rgb[3 * i]!;
    data[4 * i + 1] = rgb[3 * i + 1]!;
    data[4 * i + 2] = rgb[3 * i + 2]!;
    data[4 * i + 3] = 255;
  }
  return { width: size, height: size, data };
}
