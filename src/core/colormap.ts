/**
 * Colour maps for scalar fields: 256-entry RGB lookup tables built by
 * interpolating a few anchor colours in the Oklab perceptual space, so
 * lightness changes evenly. One table feeds both the CPU (`mapScalars`) and
 * the GPU (uploaded as a 256×1 texture by the studio).
 */

/** Names of the built-in colour maps. */
export const COLORMAP_NAMES = ["viridis", "plasma", "inferno", "coolwarm", "grayscale"] as const;
/** One of {@link COLORMAP_NAMES}. */
export type ColormapName = (typeof COLORMAP_NAMES)[number];

/** Anchor colours (sRGB hex), evenly spaced from the low end to the high end. */
const ANCHORS: Record<ColormapName, readonly string[]> = {
  // Perceptually uniform sequential maps: the published end and quartile colours.
  viridis: ["#440154", "#3b528b", "#21918c", "#5ec962", "#fde725"],
  plasma: ["#0d0887", "#7e03a8", "#cc4778", "#f89540", "#f0f921"],
  inferno: ["#000004", "#57106e", "#bc3754", "#f98e09", "#fcffa4"],
  // Diverging: blue through light grey to red.
  coolwarm: ["#3b4cc0", "#dddddd", "#b40426"],
  grayscale: ["#000000", "#ffffff"],
};

/** Entries of every lookup table. */
export const COLORMAP_SIZE = 256;

const cache = new Map<ColormapName, Uint8Array>();

/** The lookup table of a colour map: 256 RGB triples (0–255), low end first. */
export function colormap(name: ColormapName): Uint8Array {
  let lut = cache.get(name);
  if (!lut) {
    lut = buildLut(ANCHORS[name]);
    cache.set(name, lut);
  }
  return lut;
}

/**
 * Maps `values` to colours through `lut`: `min` → first entry, `max` → last,
 * clamped outside (NaN → first entry); writes RGB floats in [0, 1] to `out`
 * (3 per value). A range of zero width maps everything to the middle entry.
 * No allocation: the table's float form is made once per table.
 */
export function mapScalars(
  values: ArrayLike<number>,
  min: number,
  max: number,
  lut: Uint8Array,
  out: { [i: number]: number },
  count: number = values.length,
): void {
  mapScalarRange(values, min, max, colormapTable(lut), out, 0, count);
}

/**
 * {@link mapScalars} over values `from` to `to` (exclusive) with the table in
 * its float form ({@link colormapTable}): the frame kernels' colour loop.
 */
export function mapScalarRange(
  values: ArrayLike<number>,
  min: number,
  max: number,
  table: Float32Array,
  out: { [i: number]: number },
  from: number,
  to: number,
): void {
  const { scale, offset, last } = colourIndex(min, max, table);
  for (let k = from, o = 3 * from; k < to; k++, o += 3) {
    // Index = round((v − min)·scale), clamped as a float (NaN fails the first test and lands on 0).
    let x = values[k]! * scale + offset;
    x = x >= 1 ? Math.min(x, last) : 0;
    const i = (x | 0) << 2;
    out[o] = table[i]!;
    out[o + 1] = table[i + 1]!;
    out[o + 2] = table[i + 2]!;
  }
}

/**
 * How a value becomes an entry of a float table: entry =
 * trunc(clamp(value·scale + offset, to 0 … last)), which is round((v − min)·last/(max − min));
 * a range of zero width gives the middle entry.
 */
export function colourIndex(
  min: number,
  max: number,
  table: Float32Array,
): { scale: number; offset: number; last: number } {
  const last = table.length / 4 - 1;
  const width = max - min;
  const scale = width > 0 ? last / width : 0;
  const offset = width > 0 ? 0.5 - min * scale : (last >> 1) + 0.5;
  return { scale, offset, last };
}

const floatTables = new WeakMap<Uint8Array, Float32Array>();

/**
 * The table of `lut` with entries scaled to [0, 1], four floats an entry (RGB
 * and an unused fourth, so an entry's index is a shift: a third faster than
 * RGB triples in the 10⁶-node bench row), made once per table.
 */
export function colormapTable(lut: Uint8Array): Float32Array {
  let t = floatTables.get(lut);
  if (!t) {
    const entries = Math.floor(lut.length / 3);
    t = new Float32Array(4 * entries);
    for (let e = 0; e < entries; e++) {
      for (let c = 0; c < 3; c++) t[4 * e + c] = lut[3 * e + c]! / 255;
    }
    floatTables.set(lut, t);
  }
  return t;
}

function buildLut(anchors: readonly string[]): Uint8Array {
  const labs = anchors.map((hex) => srgbToOklab(hexToRgb(hex)));
  const lut = new Uint8Array(COLORMAP_SIZE * 3);
  const segments = labs.length - 1;
  for (let i = 0; i < COLORMAP_SIZE; i++) {
    const x = (i / (COLORMAP_SIZE - 1)) * segments;
    const s = Math.min(Math.floor(x), segments - 1);
    const f = x - s;
    const a = labs[s]!;
    const b = labs[s + 1]!;
    const rgb = oklabToSrgb([
      a[0] + f * (b[0] - a[0]),
      a[1] + f * (b[1] - a[1]),
      a[2] + f * (b[2] - a[2]),
    ]);
    for (let c = 0; c < 3; c++)
      lut[i * 3 + c] = Math.round(Math.min(1, Math.max(0, rgb[c]!)) * 255);
  }
  return lut;
}

type Vec3 = [number, number, number];

function hexToRgb(hex: string): Vec3 {
  const v = Number.parseInt(hex.slice(1), 16);
  return [((v >> 16) & 255) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255];
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toGamma = (c: number) =>
  c <= 0.0031308 ? 12.92 * c : 1.055 * Math.max(c, 0) ** (1 / 2.4) - 0.055;

/** sRGB (0–1) to Oklab (Björn Ottosson's published matrices). */
function srgbToOklab([r, g, b]: Vec3): Vec3 {
  const lr = toLinear(r),
    lg = toLinear(g),
    lb = toLinear(b);
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

/** Oklab to sRGB (0–1, not clamped). */
function oklabToSrgb([L, a, b]: Vec3): Vec3 {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    toGamma(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    toGamma(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    toGamma(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}
