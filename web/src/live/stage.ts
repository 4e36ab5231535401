/**
 * The stage: the picture on a canvas of the scene's own size, scaled up to
 * fit with `image-rendering: pixelated` (crisp pixels), and a second canvas
 * over it at screen resolution for the overlays. In an editable view (a key
 * frame, paused) a control point is dragged with the pointer; the move is
 * handed to `onMove` on release.
 */
import { h } from "../dom.js";
import { drawOverlays, type OverlayOptions, pointAt, type StageMap } from "./overlays.js";
import type { View } from "./session.js";

/** A finished drag: point `index` of key frame `frame` now at (x, y) (picture pixels). */
export interface PointMove {
  readonly frame: string;
  readonly index: number;
  readonly x: number;
  readonly y: number;
}

/** See the module comment. */
export class Stage {
  readonly element = h("div", { className: "live-stage" });
  readonly picture = h("canvas", { className: "live-picture" });
  private readonly overlay = h("canvas", { className: "live-overlay" });
  private readonly box = h("div", { className: "live-box" }, this.picture, this.overlay);
  private imageData: ImageData | undefined;
  private view: View | undefined;
  private map: StageMap = { scale: 1, dpr: 1 };
  private hover = -1;
  private drag: { index: number; frame: string; moved: boolean } | undefined;
  private readonly resize = new ResizeObserver(() => this.fit());
  /** Called when a drag ends with the point moved. */
  onMove: (move: PointMove) => void = () => undefined;

  constructor(
    readonly options: OverlayOptions,
    /** The radius correction l of the scene (for the discs). */
    public correction: number,
  ) {
    this.element.append(this.box);
    this.resize.observe(this.element);
    const o = this.overlay;
    o.addEventListener("pointerdown", (e) => this.down(e));
    o.addEventListener("pointermove", (e) => this.moveTo(e));
    o.addEventListener("pointerup", (e) => this.up(e));
    o.addEventListener("pointercancel", () => this.cancel());
  }

  /** Shows `view` (its picture and overlays). */
  show(view: View | undefined): void {
    if (this.drag && view?.editable !== this.drag.frame) this.cancel();
    if (this.drag && this.view) {
      // Keep the dragged point where the pointer is while the picture updates.
      const points = new Float64Array(view!.points);
      points[this.drag.index * 2] = this.view.points[this.drag.index * 2]!;
      points[this.drag.index * 2 + 1] = this.view.points[this.drag.index * 2 + 1]!;
      view = { ...view!, points };
    }
    this.view = view;
    if (!view) return;
    const { width, height } = view.image;
    const c = this.picture;
    if (c.width !== width || c.height !== height) {
      c.width = width;
      c.height = height;
      this.imageData = undefined;
      this.fit();
    }
    if (!this.imageData) this.imageData = new ImageData(width, height);
    this.imageData.data.set(view.image.data);
    c.getContext("2d")!.putImageData(this.imageData, 0, 0);
    this.element.classList.toggle("editable", view.editable !== undefined);
    this.redraw();
  }

  /** Draws the overlays again (an option changed). */
  redraw(): void {
    const o = this.overlay;
    const g = o.getContext("2d")!;
    g.clearRect(0, 0, o.width, o.height);
    if (this.view) drawOverlays(g, this.view, this.map, this.options, this.correction, this.active);
  }

  /** The point under the pointer or dragged. */
  private get active(): number {
    return this.drag?.index ?? (this.view?.editable !== undefined ? this.hover : -1);
  }

  /** Scales the picture to the largest size that fits the stage. */
  fit(): void {
    const w = this.picture.width;
    const hgt = this.picture.height;
    const cw = this.element.clientWidth;
    const ch = this.element.clientHeight;
    if (!(cw > 0 && ch > 0 && w > 0 && hgt > 0)) return;
    const scale = Math.min(cw / w, ch / hgt);
    const dpr = window.devicePixelRatio || 1;
    this.map = { scale, dpr };
    const cssW = w * scale;
    const cssH = hgt * scale;
    this.box.style.width = `${cssW}px`;
    this.box.style.height = `${cssH}px`;
    this.overlay.width = Math.round(cssW * dpr);
    this.overlay.height = Math.round(cssH * dpr);
    this.redraw();
  }

  /** Canvas pixels of a pointer event. */
  private at(e: PointerEvent): [number, number] {
    const r = this.overlay.getBoundingClientRect();
    return [(e.clientX - r.left) * this.map.dpr, (e.clientY - r.top) * this.map.dpr];
  }

  private down(e: PointerEvent): void {
    const v = this.view;
    if (!v?.editable || !this.options.points || e.button !== 0) return;
    const [cx, cy] = this.at(e);
    const i = pointAt(v, this.map, cx, cy, 12);
    if (i < 0) return;
    e.preventDefault();
    this.overlay.setPointerCapture(e.pointerId);
    this.drag = { index: i, frame: v.editable, moved: false };
    this.view = { ...v, points: new Float64Array(v.points) };
    this.redraw();
  }

  private moveTo(e: PointerEvent): void {
    const v = this.view;
    if (!v) return;
    const [cx, cy] = this.at(e);
    if (!this.drag) {
      const i = v.editable && this.options.points ? pointAt(v, this.map, cx, cy, 12) : -1;
      this.overlay.style.cursor = i >= 0 ? "grab" : "";
      if (i !== this.hover) {
        this.hover = i;
        this.redraw();
      }
      return;
    }
    const k = this.map.scale * this.map.dpr;
    const { width, height } = v.image;
    const x = Math.min(width - 1, Math.max(0, cx / k - 0.5));
    const y = Math.min(height - 1, Math.max(0, cy / k - 0.5));
    v.points[this.drag.index * 2] = Math.round(x * 10) / 10;
    v.points[this.drag.index * 2 + 1] = Math.round(y * 10) / 10;
    this.drag.moved = true;
    this.overlay.style.cursor = "grabbing";
    this.redraw();
  }

  private up(e: PointerEvent): void {
    const d = this.drag;
    if (!d) return;
    this.moveTo(e);
    this.drag = undefined;
    this.overlay.style.cursor = "grab";
    const v = this.view!;
    if (d.moved)
      this.onMove({
        frame: d.frame,
        index: d.index,
        x: v.points[d.index * 2]!,
        y: v.points[d.index * 2 + 1]!,
      });
  }

  private cancel(): void {
    this.drag = undefined;
    this.redraw();
  }

  /** Stops observing the size. */
  dispose(): void {
    this.resize.disconnect();
  }
}
