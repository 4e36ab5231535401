/**
 * `live render`'s budgets (docs/security.md, "Render budgets"), checked
 * before any picture is decoded or any frame written: the pixels of a tick
 * and the memory its pictures and work hold, then the bytes the render will
 * write against the free space of the disks it writes to.
 */
import { stat, statfs } from "node:fs/promises";
import { dirname } from "node:path";
import { GIF_DEFAULTS } from "../../live/index.js";
import { UsageError } from "../io.js";

/** Most pixels of one tick: 2²³ = 8,388,608 (3840×2160 fits). */
export const MAX_RENDER_PIXELS = 2 ** 23;

/** Most bytes a render's pictures and a tick's work may hold: 768 MiB. */
export const RENDER_MEMORY = 768 * 2 ** 20;

/**
 * Bytes a tick's work holds per pixel beyond the key pictures (the frame,
 * the engine's buffers, the PNG and GIF encoders; about 55 measured with both
 * engines, with room to spare).
 */
export const WORK_BYTES_PER_PIXEL = 64;

/** Each frame's estimate is the zero frame's encoded size times this (in-betweens compress less well). */
export const FRAME_SIZE_MARGIN = 1.5;

/** Space left free on a disk after the estimated output. */
export const DISK_RESERVE = 64 * 2 ** 20;

/** Bytes of one timeline.json record (a line of at most about 100 characters), for the estimate. */
const TIMELINE_RECORD_BYTES = 128;

/** Free space of the file system holding a path (replaced in tests to play a full disk). */
export const diskProbe = {
  async freeBytes(path: string): Promise<number> {
    const s = await statfs(path);
    return s.bavail * s.bsize;
  },
};

/** `n` with thousands separators: 8,388,608. */
const grouped = (n: number) => Math.round(n).toLocaleString("en-US");

/** `bytes` in MiB, or GiB from 1 GiB on, one decimal. */
export function sizeWords(bytes: number): string {
  return bytes >= 2 ** 30
    ? `${(bytes / 2 ** 30).toFixed(1)} GiB`
    : `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

/** What the budgets read of a scene: its size, its frames' pictures and what plays as layers. */
export interface SceneSize {
  readonly width: number;
  readonly height: number;
  readonly frames: readonly { readonly image: string }[];
  /** Regions: each plays as a layer over the whole face (absent: none). */
  readonly regions?: readonly unknown[];
  /** A driven story of no region plays as one more layer. */
  readonly storyOptions?: ReadonlyMap<
    string,
    { readonly drive?: unknown; readonly region?: string | undefined }
  >;
  readonly pins?: readonly unknown[];
}

/**
 * Bytes a layer holds per pixel beyond its copies of the key pictures: its
 * mask's weights (4), its player's shown picture and its engine's buffers
 * (a tick's work less the encoders, which only the whole face has).
 */
export const LAYER_BYTES_PER_PIXEL = 48;

/**
 * The layers a render plays besides the whole face (src/live/player/
 * regions.ts): one per region, and one for a driven story of no region.
 * Each draws its own in-between every tick it plays and holds its own copy
 * of every key frame's picture (the frame inside its mask over the zero
 * frame).
 */
export function renderLayers(scene: SceneSize): number {
  const wholeDriven = [...(scene.storyOptions?.values() ?? [])].some((o) => o.drive && !o.region);
  return (scene.regions?.length ?? 0) + (wholeDriven ? 1 : 0);
}

/**
 * Bytes the scene's pictures and a tick's work hold while rendering; with
 * `gif`, also the key frames the GIF's palette is quantized on (at most
 * {@link GIF_DEFAULTS}`.sampleFrames`, copied side by side). Each layer
 * adds its copies of the key pictures and {@link LAYER_BYTES_PER_PIXEL};
 * layers or pins add the composite and the pins' weights (8 bytes a pixel).
 */
export function renderMemory(scene: SceneSize, gif = false): number {
  const pictures = new Set(scene.frames.map((f) => f.image)).size;
  const palette = gif ? Math.min(GIF_DEFAULTS.sampleFrames, scene.frames.length) : 0;
  const layers = renderLayers(scene);
  const layered =
    layers * (4 * scene.frames.length + LAYER_BYTES_PER_PIXEL) +
    (layers > 0 || (scene.pins?.length ?? 0) > 0 ? 8 : 0);
  return scene.width * scene.height * (4 * (pictures + palette) + WORK_BYTES_PER_PIXEL + layered);
}

/** How each layer is named in the messages. */
const layerWords = (layers: number) => `${layers} region layer${layers === 1 ? "" : "s"}`;

/**
 * A usage error naming the numbers when the scene's ticks are too large to
 * render (checked before its pictures are read); `gif` when an animation is
 * written too. A tick draws the whole face and each layer's in-between: the
 * pixels drawn a tick (the time a tick takes) count them all.
 */
export function checkRenderPixels(scene: SceneSize, gif = false): void {
  const pixels = scene.width * scene.height;
  const layers = renderLayers(scene);
  const drawn = pixels * (1 + layers);
  if (drawn > MAX_RENDER_PIXELS) {
    const size = `the scene is ${scene.width}×${scene.height} = ${grouped(pixels)} pixels a tick; a render draws at most ${grouped(MAX_RENDER_PIXELS)} (3840×2160 fits)`;
    throw new UsageError(
      layers === 0
        ? `${size}: scale the pictures down`
        : `${size}: its ticks draw ${1 + layers} such pictures (the whole face and ${layerWords(layers)}), ${grouped(drawn)} pixels: use fewer regions or scale the pictures down`,
    );
  }
  const memory = renderMemory(scene, gif);
  if (memory > RENDER_MEMORY) {
    const pictures = new Set(scene.frames.map((f) => f.image)).size;
    const animation = gif ? " (with the GIF's palette)" : "";
    const copies = layers === 0 ? "" : ` and their copies in ${layerWords(layers)}`;
    throw new UsageError(
      `the scene's ${pictures} pictures of ${scene.width}×${scene.height}${copies} would hold about ${sizeWords(memory)} while rendering${animation}; a render holds at most ${sizeWords(RENDER_MEMORY)}: use fewer or smaller pictures${layers === 0 ? "" : " or fewer regions"}`,
    );
  }
}

/** What a render is estimated to write into one folder: its path as shown and on disk, and the bytes. */
export interface OutputShare {
  readonly shown: string;
  readonly folder: string;
  readonly bytes: number;
}

/** The estimated bytes of `ticks` frames whose first encodes to `frameBytes` (with the timeline). */
export function framesEstimate(ticks: number, frameBytes: number): number {
  return ticks * (Math.ceil(frameBytes * FRAME_SIZE_MARGIN) + TIMELINE_RECORD_BYTES);
}

/** The estimated bytes of a GIF of `ticks` frames whose first encodes to `frameBytes` (with its palette). */
export function gifEstimate(ticks: number, frameBytes: number): number {
  return ticks * Math.ceil(frameBytes * FRAME_SIZE_MARGIN) + 1024;
}

/**
 * A usage error naming the numbers when the shares written to one file
 * system need more than its free space less {@link DISK_RESERVE}. Shares on
 * the same device are added up; a file system whose free space cannot be
 * read is not checked (the writes still fail cleanly when it fills).
 */
export async function checkDiskRoom(shares: readonly OutputShare[]): Promise<void> {
  const short = await diskShort(shares);
  if (short) {
    throw new UsageError(
      `the render would write about ${sizeWords(short.bytes)} (${short.shown.join(" and ")}) but its disk has ${sizeWords(short.free)} free (keeping ${sizeWords(DISK_RESERVE)}): render fewer --ticks or free some space`,
    );
  }
}

/** A render re-checks the free disk every this many frames (decision 301). */
export const DISK_RECHECK_FRAMES = 100;

/** The first disk whose free space, less {@link DISK_RESERVE}, cannot hold what its shares need. */
export async function diskShort(
  shares: readonly OutputShare[],
): Promise<{ shown: string[]; bytes: number; free: number } | undefined> {
  const byDevice = new Map<number, { shown: string[]; folder: string; bytes: number }>();
  for (const s of shares) {
    const folder = await nearestFolder(s.folder);
    const dev = folder === undefined ? undefined : (await stat(folder)).dev;
    if (folder === undefined || dev === undefined) continue;
    const d = byDevice.get(dev) ?? { shown: [], folder, bytes: 0 };
    d.shown.push(s.shown);
    d.bytes += s.bytes;
    byDevice.set(dev, d);
  }
  for (const d of byDevice.values()) {
    const free = await diskProbe.freeBytes(d.folder).catch(() => undefined);
    if (free === undefined || d.bytes + DISK_RESERVE <= free) continue;
    return { shown: d.shown, bytes: d.bytes, free };
  }
  return undefined;
}

/** `folder`, or its nearest parent that exists (a render creates `--out` only after its checks). */
async function nearestFolder(folder: string): Promise<string | undefined> {
  for (let f = folder; ; f = dirname(f)) {
    if ((await stat(f).catch(() => undefined))?.isDirectory()) return f;
    if (dirname(f) === f) return undefined;
  }
}

/** Where a render stopped for want of disk: frames written, frames left, and the disk's numbers. */
export interface DiskStop {
  readonly frames: number;
  readonly left: number;
  readonly shown: readonly string[];
  readonly bytes: number;
  readonly free: number;
}

/**
 * The free disk re-checked while a render runs (decision 301): every
 * {@link DISK_RECHECK_FRAMES} frames, what the frames left need (estimated
 * from the mean of those written, with the margin) against the free space.
 */
export class DiskWatch {
  private frames = 0;
  private frameBytes = 0;
  private gifBytes = 0;

  constructor(
    private readonly ticks: number,
    private readonly out: Omit<OutputShare, "bytes">,
    private readonly gif: Omit<OutputShare, "bytes"> | undefined,
  ) {}

  /** Counts a frame written (its PNG's and GIF's bytes); a {@link DiskStop} when the rest no longer fits. */
  async wrote(pngBytes: number, gifBytes: number): Promise<DiskStop | undefined> {
    this.frames++;
    this.frameBytes += pngBytes;
    this.gifBytes += gifBytes;
    const left = this.ticks - this.frames;
    if (left <= 0 || this.frames % DISK_RECHECK_FRAMES !== 0) return undefined;
    const shares: OutputShare[] = [
      { ...this.out, bytes: framesEstimate(left, this.frameBytes / this.frames) },
    ];
    if (this.gif)
      shares.push({ ...this.gif, bytes: gifEstimate(left, this.gifBytes / this.frames) });
    const short = await diskShort(shares);
    return short && { ...short, frames: this.frames, left };
  }
}

/** The message of a render stopped for want of disk (the frames written are kept). */
export function diskStopWords(out: string, stop: DiskStop, gif: string | undefined): string {
  const last = `frame-${String(stop.frames - 1).padStart(5, "0")}.png`;
  return (
    `deforma: ${out}: stopped after ${stop.frames} frames (frame-00000.png … ${last} kept, with timeline.json): ` +
    `the ${stop.left} frames left would write about ${sizeWords(stop.bytes)} (${stop.shown.join(" and ")}) but the disk has ${sizeWords(stop.free)} free (keeping ${sizeWords(DISK_RESERVE)})` +
    `${gif === undefined ? "" : `; ${gif} not written`}\n`
  );
}
