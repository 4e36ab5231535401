/**
 * The section editor's 2-D chart: the bone from 0 to 1 along the bottom axis,
 * the bulge's depth y up; each keypoint's circle icon at (u, 0) and X icon
 * at (x, y), joined by a dashed line, and the profile curve the engine draws
 * through the X icons (`compileBulge`/`sectionAt`). Dragging an icon moves it
 * within the rules of `limits.ts`; the allowed range is drawn while dragging
 * and turns red when the pointer pulls past it. The axes are titled (both
 * in bone lengths) and the drawing fills the element's box.
 */
import {
  type BulgeDefinition,
  compileBulge,
  copyDefinition,
  type Keypoint,
  sectionAt,
} from "../../../src/bulge/index.js";
import { svgElement } from "../dom.js";
import { t } from "../i18n.js";
import { type DragHandle, dragTo, type Range, uRange, xRange, Y_RANGE } from "./limits.js";
import type { BulgeSession } from "./session.js";

/**
 * The chart's margins (CSS pixels: the view box is the element's own size,
 * so text keeps its size at any width): tick labels and the axis titles.
 */
const M = { left: 58, right: 14, top: 10, bottom: 46 } as const;
/** The size drawn before the element has one (hidden, or no ResizeObserver). */
const DEFAULT_SIZE = { w: 640, h: 320 } as const;

/** A drag in progress: which icon, the definition before it, what stopped it. */
export interface DragState {
  readonly index: number;
  readonly handle: DragHandle;
  readonly before: BulgeDefinition;
  limited: ("u" | "x" | "y")[];
}

/** The chart of the selected section. */
export class SectionChart {
  readonly element: SVGSVGElement;
  /** The keypoint clicked or dragged last (the editor's add and remove act on it). */
  selected = -1;
  drag: DragState | null = null;
  /** The icon clicked last: the arrow keys move it. */
  handle: DragHandle = "cross";
  /** Told when a drag moves or ends, or the selected keypoint changes. */
  onChange: () => void = () => {};
  /** The drawing's size: the element's, in CSS pixels. */
  private size: { w: number; h: number } = { ...DEFAULT_SIZE };
  private readonly resize: ResizeObserver | undefined;

  constructor(private readonly session: BulgeSession) {
    this.element = svgElement("svg", {
      viewBox: `0 0 ${DEFAULT_SIZE.w} ${DEFAULT_SIZE.h}`,
      class: "section-chart",
      tabindex: 0,
      preserveAspectRatio: "xMidYMid meet",
    });
    if (typeof ResizeObserver !== "undefined") {
      this.resize = new ResizeObserver(() => this.fit());
      this.resize.observe(this.element);
    }
    this.element.addEventListener("pointermove", (e) => this.move(e));
    this.element.addEventListener("pointerup", (e) => this.end(e));
    this.element.addEventListener("pointercancel", (e) => this.end(e));
    this.element.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.cancel();
      else if (this.nudge(e)) e.preventDefault();
    });
    window.addEventListener("keydown", this.onEscape);
  }

  /** Makes the view box the element's size (redrawn when it changed). */
  private fit(): void {
    const r = this.element.getBoundingClientRect();
    const w = Math.round(r.width);
    const h = Math.round(r.height);
    if (w < 120 || h < 100 || (w === this.size.w && h === this.size.h)) return;
    this.size = { w, h };
    this.element.setAttribute("viewBox", `0 0 ${w} ${h}`);
    this.render();
  }

  /** Chart x of a bone position. */
  private px(u: number): number {
    return M.left + u * (this.size.w - M.left - M.right);
  }

  /** Chart y of a depth (y = 0.5 at the top, −0.5 at the bottom). */
  private py(y: number): number {
    return M.top + (0.5 - y) * (this.size.h - M.top - M.bottom);
  }

  /** The keypoints shown. */
  private get keypoints(): Keypoint[] | undefined {
    const s = this.session;
    return s.current?.sections[s.section]?.keypoints;
  }

  /** Redraws everything from the session. */
  render(): void {
    const k = this.keypoints;
    const svg = this.element;
    svg.replaceChildren(this.axes());
    svg.dataset.limited = this.drag && this.drag.limited.length > 0 ? "true" : "false";
    if (!k) return;
    if (this.selected >= k.length) this.selected = -1;
    if (this.drag) svg.append(this.rangeShape(k, this.drag));
    svg.append(this.curve(k));
    svg.append(...k.map((kp, i) => this.handles(kp, i)));
  }

  /** Grid, tick labels and the two axis titles. */
  private axes(): SVGGElement {
    const g = svgElement("g", { class: "axes" });
    const { w, h } = this.size;
    const top = this.py(0.5);
    const bottom = this.py(-0.5);
    for (let i = 0; i <= 10; i++) {
      const x = this.px(i / 10);
      g.append(svgElement("line", { x1: x, x2: x, y1: top, y2: bottom, class: "grid" }));
      if (i % 2 === 0)
        g.append(
          svgElement("text", { x, y: bottom + 16, "text-anchor": "middle" }, String(i / 10)),
        );
    }
    for (const y of [-0.5, -0.25, 0, 0.25, 0.5]) {
      const cls = y === 0 ? "bone" : "grid";
      g.append(
        svgElement("line", {
          x1: M.left,
          x2: w - M.right,
          y1: this.py(y),
          y2: this.py(y),
          class: cls,
        }),
      );
      g.append(
        svgElement("text", { x: M.left - 10, y: this.py(y) + 4, "text-anchor": "end" }, String(y)),
      );
    }
    const away = t("bulge.axisAway");
    const midX = (M.left + w - M.right) / 2;
    const midY = (top + bottom) / 2;
    g.append(
      svgElement(
        "text",
        { x: midX, y: h - 8, "text-anchor": "middle", class: "axis-title along" },
        t("bulge.axisAlong"),
      ),
      svgElement(
        "text",
        {
          x: 0,
          y: 0,
          transform: `translate(14 ${midY}) rotate(-90)`,
          "text-anchor": "middle",
          class: "axis-title away",
        },
        // The long title where it fits along the plot's height (about 7 px a letter), else the short one.
        away.length * 7 < bottom - top ? away : t("bulge.axisAwayShort"),
      ),
    );
    return g;
  }

  private curve(k: Keypoint[]): SVGPolylineElement {
    const c = compileBulge({ sections: [{ angle: 0, keypoints: k }] });
    const out = new Float64Array(2);
    const points: string[] = [];
    for (let i = 0; i <= 200; i++) {
      const u = i / 200;
      sectionAt(c, 0, u, out);
      points.push(`${this.px(u + out[0]!).toFixed(1)},${this.py(out[1]!).toFixed(1)}`);
    }
    return svgElement("polyline", { points: points.join(" "), class: "profile" });
  }

  /** The allowed range of the dragged value(s): a band on the bone, or a box for the X icon. */
  private rangeShape(k: Keypoint[], d: DragState): SVGElement {
    const cls = `range${d.limited.length > 0 ? " limited" : ""}`;
    if (d.handle === "circle") {
      const r = uRange(k, d.index);
      return svgElement("rect", {
        x: this.px(r.min) - 2,
        y: this.py(0) - 5,
        width: this.px(r.max) - this.px(r.min) + 4,
        height: 10,
        class: cls,
      });
    }
    const r = xRange(k, d.index);
    return svgElement("rect", {
      x: this.px(r.min),
      y: this.py(Y_RANGE.max),
      width: Math.max(2, this.px(r.max) - this.px(r.min)),
      height: this.py(Y_RANGE.min) - this.py(Y_RANGE.max),
      class: cls,
    });
  }

  private handles(kp: Keypoint, i: number): SVGGElement {
    const [u, x, y] = kp;
    const sel = i === this.selected ? " selected" : "";
    const g = svgElement("g", { class: `keypoint${sel}`, "data-index": i });
    g.append(
      svgElement("line", {
        x1: this.px(u),
        y1: this.py(0),
        x2: this.px(x),
        y2: this.py(y),
        class: "link",
      }),
    );
    const circle = svgElement("circle", {
      cx: this.px(u),
      cy: this.py(0),
      r: 6,
      class: "kp-circle",
      "data-index": i,
    });
    const cx = this.px(x);
    const cy = this.py(y);
    const cross = svgElement(
      "g",
      { class: "kp-cross", "data-index": i, transform: `translate(${cx} ${cy})` },
      svgElement("circle", { r: 9, class: "hit" }),
      svgElement("path", { d: "M-6 -6L6 6M6 -6L-6 6" }),
    );
    circle.addEventListener("pointerdown", (e) => this.start(e, i, "circle"));
    cross.addEventListener("pointerdown", (e) => this.start(e, i, "cross"));
    g.append(circle, cross);
    return g;
  }

  private start(e: PointerEvent, index: number, handle: DragHandle): void {
    const d = this.session.current;
    if (!d || e.button !== 0) return;
    e.preventDefault();
    this.element.focus({ preventScroll: true });
    this.element.setPointerCapture(e.pointerId);
    this.selected = index;
    this.handle = handle;
    this.drag = { index, handle, before: copyDefinition(d), limited: [] };
    this.session.dragging = true;
    this.render();
    this.onChange();
  }

  /** The chart values under the pointer. */
  private valuesAt(e: PointerEvent): { u: number; y: number } {
    const ctm = this.element.getScreenCTM();
    let cx = e.clientX;
    let cy = e.clientY;
    if (ctm) {
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
      cx = p.x;
      cy = p.y;
    }
    const { w, h } = this.size;
    return {
      u: (cx - M.left) / (w - M.left - M.right),
      y: 0.5 - (cy - M.top) / (h - M.top - M.bottom),
    };
  }

  private move(e: PointerEvent): void {
    const d = this.drag;
    const s = this.session;
    const k = this.keypoints;
    if (!d || !k || !s.current) return;
    const v = this.valuesAt(e);
    const r = dragTo(k, d.index, d.handle, d.handle === "circle" ? { u: v.u } : { x: v.u, y: v.y });
    d.limited = r.limited;
    const next = copyDefinition(s.current);
    next.sections[s.section]!.keypoints[d.index] = r.keypoint;
    s.setLive(next);
    this.onChange();
  }

  private end(e: PointerEvent): void {
    const d = this.drag;
    if (!d) return;
    if (this.element.hasPointerCapture(e.pointerId))
      this.element.releasePointerCapture(e.pointerId);
    this.drag = null;
    this.session.dragging = false;
    this.session.commit(d.before);
    this.render();
    this.onChange();
  }

  private readonly onEscape = (e: KeyboardEvent) => {
    if (e.key === "Escape" && this.drag) {
      e.preventDefault();
      this.cancel();
    }
  };

  /**
   * Arrow keys move the selected keypoint's icon last clicked (0.01, with
   * Shift 0.001) within the same rules as a drag; each press is one undo step.
   */
  private nudge(e: KeyboardEvent): boolean {
    const s = this.session;
    const k = this.keypoints;
    const d = s.current;
    const i = this.selected;
    if (!k || !d || this.drag || !k[i] || e.ctrlKey || e.metaKey || e.altKey) return false;
    const step = e.shiftKey ? 0.001 : 0.01;
    const dx = e.key === "ArrowRight" ? step : e.key === "ArrowLeft" ? -step : 0;
    const dy = e.key === "ArrowUp" ? step : e.key === "ArrowDown" ? -step : 0;
    if (dx === 0 && dy === 0) return false;
    const [u, x, y] = k[i]!;
    const r =
      this.handle === "circle"
        ? dragTo(k, i, "circle", { u: u + dx })
        : dragTo(k, i, "cross", { x: x + dx, y: y + dy });
    const next = copyDefinition(d);
    next.sections[s.section]!.keypoints[i] = r.keypoint;
    s.commit(d, next);
    this.onChange();
    return true;
  }

  /** Escape during a drag puts the keypoint back where the drag started (nothing recorded). */
  cancel(): void {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    this.session.dragging = false;
    this.session.commit(d.before, d.before);
    this.render();
    this.onChange();
  }

  /** Stops listening to the window. */
  dispose(): void {
    window.removeEventListener("keydown", this.onEscape);
    this.resize?.disconnect();
  }

  /** The range the dragged value may take now (for the readout), if a drag is on. */
  dragRange(): { what: string; range: Range }[] {
    const d = this.drag;
    const k = this.keypoints;
    if (!d || !k) return [];
    if (d.handle === "circle") return [{ what: "u", range: uRange(k, d.index) }];
    return [
      { what: "x", range: xRange(k, d.index) },
      { what: "y", range: Y_RANGE },
    ];
  }
}
