/** The player's two picture buffers: the one shown and the one being prepared. */
import type { RgbaImage } from "../image.js";

/** Two picture buffers (shown / being prepared) of one size. */
export class DoubleBuffer {
  private readonly images: [RgbaImage, RgbaImage];
  private readonly points: [Float64Array, Float64Array];
  private front = 0;

  constructor(width: number, height: number, pointCount: number) {
    const image = () => ({ width, height, data: new Uint8ClampedArray(width * height * 4) });
    this.images = [image(), image()];
    this.points = [new Float64Array(pointCount * 2), new Float64Array(pointCount * 2)];
  }

  /** Copies a prepared in-between into the back buffer. */
  store(image: RgbaImage, points: Float64Array): void {
    const back = 1 - this.front;
    this.images[back]!.data.set(image.data);
    this.points[back]!.set(points);
  }

  /** A copy of the shown picture and points (a pre-empting transition starts from it). */
  copyShown(): { image: RgbaImage; points: Float64Array } {
    const { width, height, data } = this.images[this.front]!;
    return {
      image: { width, height, data: new Uint8ClampedArray(data) },
      points: new Float64Array(this.points[this.front]!),
    };
  }

  /** Makes the back buffer the shown one and returns it. */
  flip(): { image: RgbaImage; points: Float64Array } {
    this.front = 1 - this.front;
    return { image: this.images[this.front]!, points: this.points[this.front]! };
  }
}
