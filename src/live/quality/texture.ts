/**
 * The procedural picture of the quality scenes: smooth shapes, stripes and
 * soft checks, so that both blur and tearing show in PSNR. It is a function
 * of the continuous position, so a picture moved by a known field can be
 * drawn exactly (no resampling) — the ground truth.
 */

const TAU = 2 * Math.PI;

/** Discs of the picture, relative to its size: centre x, centre y, radius (fractions of the width). */
const DISCS = [0.3, 0.35, 0.12, 0.68, 0.62, 0.16, 0.55, 0.22, 0.08] as const;

/** Writes the colour (0–255, not rounded) at (x, y) of a width × height picture into out[0..2]. */
export function texture(
  x: number,
  y: number,
  width: number,
  height: number,
  out: Float64Array,
): void {
  let shapes = 0;
  for (let d = 0; d < DISCS.length; d += 3) {
    const dx = x - DISCS[d]! * width;
    const dy = y - DISCS[d + 1]! * height;
    const r = Math.sqrt(dx * dx + dy * dy) - DISCS[d + 2]! * width;
    shapes += 1 / (1 + Math.exp(r / 1.5));
  }
  const stripes = Math.sin((TAU * (0.8 * x + 0.6 * y)) / 11);
  const checks = Math.tanh(3 * Math.sin((Math.PI * x) / 9) * Math.sin((Math.PI * y) / 9));
  const ramp = (x / width + y / height) / 2;
  out[0] = 110 + 70 * shapes + 45 * stripes;
  out[1] = 128 + 80 * checks;
  out[2] = 60 + 110 * ramp + 60 * shapes + 25 * Math.sin((TAU * y) / 23);
}

/** What the opening mouth reveals (a dark, striped inside), at screen position (x, y). */
export function inside(x: number, y: number, out: Float64Array): void {
  const teeth = Math.sin((TAU * x) / 7);
  out[0] = 90 + 40 * teeth;
  out[1] = 25 + 10 * Math.sin((TAU * y) / 5);
  out[2] = 35;
}
