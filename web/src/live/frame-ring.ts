/**
 * The last frames shown, for the GIF export: a ring of at most `capacity`
 * frames (600 = 30 s at 20 Hz) and `maxBytes` of copied pixels, the oldest
 * dropped first. A key frame's picture lives as long as the scene, so the
 * ring keeps a reference to it; an in-between is copied (the player reuses
 * its buffers). Frames handed out by {@link FrameRing.frames} stay intact
 * (a dropped copy is never reused), so an export may take its time.
 */
import type { RgbaImage } from "../../../src/live/index.js";

interface Entry {
  readonly image: RgbaImage;
  /** Whether `image` is the ring's own copy (counted in the byte budget). */
  readonly owned: boolean;
}

/** See the module comment. */
export class FrameRing {
  private readonly entries: (Entry | undefined)[];
  private head = 0;
  private count = 0;
  private bytes = 0;

  constructor(
    readonly capacity = 600,
    readonly maxBytes = 192 * 2 ** 20,
  ) {
    this.entries = new Array(Math.max(1, capacity));
  }

  /** How many frames are held. */
  get size(): number {
    return this.count;
  }

  /** Adds a shown frame; `shared` images are kept by reference, others copied. */
  push(image: RgbaImage, shared: boolean): void {
    let entry: Entry;
    if (shared) entry = { image, owned: false };
    else {
      const n = image.data.length;
      while (this.count > 0 && (this.count >= this.capacity || this.bytes + n > this.maxBytes))
        this.dropOldest();
      const data = new Uint8ClampedArray(image.data);
      entry = { image: { width: image.width, height: image.height, data }, owned: true };
      this.bytes += n;
    }
    if (this.count >= this.capacity) this.dropOldest();
    this.entries[(this.head + this.count) % this.capacity] = entry;
    this.count++;
  }

  /** The frames held, oldest first. */
  frames(): RgbaImage[] {
    const out: RgbaImage[] = [];
    for (let i = 0; i < this.count; i++)
      out.push(this.entries[(this.head + i) % this.capacity]!.image);
    return out;
  }

  /** Forgets every frame. */
  clear(): void {
    this.entries.fill(undefined);
    this.head = 0;
    this.count = 0;
    this.bytes = 0;
  }

  private dropOldest(): void {
    const e = this.entries[this.head]!;
    this.entries[this.head] = undefined;
    this.head = (this.head + 1) % this.capacity;
    this.count--;
    if (e.owned) this.bytes -= e.image.data.length;
  }
}
