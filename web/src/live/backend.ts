/**
 * What the Live workspace takes from `src/live`, in one place: the scene
 * reader and its one-point writer, PNG decoding, GIF encoding, the engines
 * and the player. Every other file of the workspace imports these from here.
 *
 * STAND-INS: the scene reader, `updatePoint`, `decodePng`, `encodeGif` and
 * the engines below are minimal versions written while their real modules
 * (`src/live/scene`, `png.ts`, `gif.ts`, `engines.ts`) are being written;
 * each is swapped for a re-export when its module lands.
 */
import { decode } from "fast-png";
import type { Diagnostic } from "../../../src/core/diagnostics.js";
import { readJsonSpans } from "../../../src/core/json-spans.js";
import type { Engine, Inbetween } from "../../../src/live/engine.js";
import type { RgbaImage } from "../../../src/live/image.js";
import type { EngineName, Scene } from "../../../src/live/scene/model.js";
import { readStandInScene, type SceneRead } from "./stand-in-scene.js";

export { Player } from "../../../src/live/player/index.js";
export type { SceneRead };

/** Reads a scene file's text: the scene (when it has no errors) and the diagnostics. */
export function readScene(text: string): SceneRead {
  return readStandInScene(text);
}

/**
 * The scene text with point `point` of frame `frame` at (x, y), every other
 * byte as it was; throws a RangeError when there is no such point.
 */
export function updatePoint(
  text: string,
  frame: string,
  point: string,
  x: number,
  y: number,
): string {
  const none = () => new RangeError(`updatePoint: no point ${point} in frame ${frame}`);
  const root = readJsonSpans(text).root;
  if (root?.kind !== "object") throw none();
  const frames = root.members.find((m) => m.key === "frames")?.value;
  if (frames?.kind !== "array") throw none();
  for (const f of frames.items) {
    if (f.kind !== "object") continue;
    const name = f.members.find((m) => m.key === "name")?.value;
    if (name?.kind !== "string" || name.value !== frame) continue;
    const points = f.members.find((m) => m.key === "points")?.value;
    if (points?.kind !== "object") throw none();
    const p = points.members.find((m) => m.key === point)?.value;
    if (p?.kind !== "array" || p.items.length !== 2) throw none();
    const [a, b] = p.items as [(typeof p.items)[0], (typeof p.items)[0]];
    return `${text.slice(0, a.span[0])}${x}${text.slice(a.span[1], b.span[0])}${y}${text.slice(b.span[1])}`;
  }
  throw none();
}

/** Decodes a PNG into RGBA8: the picture, or diagnostics. */
export function decodePng(bytes: Uint8Array): {
  image?: RgbaImage;
  diagnostics: readonly Diagnostic[];
} {
  let png: ReturnType<typeof decode>;
  try {
    png = decode(bytes);
  } catch (e) {
    const message = (e as Error).message;
    return { diagnostics: [{ code: "PNG000", severity: "error", message, start: 0, end: 0 }] };
  }
  const { width, height } = png;
  const out = new Uint8ClampedArray(width * height * 4);
  const src = png.data;
  const channels = png.palette ? 1 : png.channels;
  const shift = png.depth === 16 ? 8 : 0;
  for (let i = 0, n = width * height; i < n; i++) {
    const o = i * 4;
    if (png.palette) {
      const c = png.palette[src[i]!] ?? [0, 0, 0, 255];
      out[o] = c[0]!;
      out[o + 1] = c[1]!;
      out[o + 2] = c[2]!;
      out[o + 3] = c[3] ?? 255;
      continue;
    }
    const s = i * channels;
    const grey = channels < 3;
    out[o] = src[s]! >> shift;
    out[o + 1] = (grey ? src[s]! : src[s + 1]!) >> shift;
    out[o + 2] = (grey ? src[s]! : src[s + 2]!) >> shift;
    out[o + 3] =
      channels === 4 ? src[s + 3]! >> shift : channels === 2 ? src[s + 1]! >> shift : 255;
  }
  return { image: { width, height, data: out }, diagnostics: [] };
}

/** A GIF of `frames` (all of one size), each shown for `delayMs`. */
export async function encodeGif(
  frames: readonly RgbaImage[],
  delayMs: number,
): Promise<Uint8Array> {
  // @ts-expect-error gifenc has no types until src/live/gif.ts lands
  const gifenc = (await import("gifenc")) as unknown as GifencModule;
  const gif = gifenc.GIFEncoder();
  for (const f of frames) {
    const palette = gifenc.quantize(f.data, 256);
    const index = gifenc.applyPalette(f.data, palette);
    gif.writeFrame(index, f.width, f.height, { palette, delay: delayMs });
  }
  gif.finish();
  return gif.bytes();
}

interface GifencModule {
  GIFEncoder(): {
    writeFrame(index: Uint8Array, w: number, h: number, o: object): void;
    finish(): void;
    bytes(): Uint8Array;
  };
  quantize(data: Uint8ClampedArray, colours: number): number[][];
  applyPalette(data: Uint8ClampedArray, palette: number[][]): Uint8Array;
}

/** Stand-in engine: points on straight lines, pictures cross-dissolved. */
function standInEngine(name: EngineName): Engine {
  return {
    name,
    begin(k, l, params) {
      const image: RgbaImage = {
        width: k.image.width,
        height: k.image.height,
        data: new Uint8ClampedArray(k.image.data.length),
      };
      const points = new Float64Array(k.points.length);
      return {
        next(counter): Inbetween {
          const s = 1 - counter / (params.inbetweens + 1);
          const t = name === "improved" ? s * s : s;
          const a = k.image.data;
          const b = l.image.data;
          for (let i = 0; i < a.length; i++) image.data[i] = a[i]! + (b[i]! - a[i]!) * t;
          for (let i = 0; i < points.length; i++)
            points[i] = k.points[i]! + (l.points[i]! - k.points[i]!) * t;
          return { image, points };
        },
      };
    },
  };
}

/** The engines by name. */
export const ENGINES: Record<EngineName, Engine> = {
  classic: standInEngine("classic"),
  improved: standInEngine("improved"),
};

/** Used by tests of the workspace: a scene is a `Scene`. */
export type { Scene };
