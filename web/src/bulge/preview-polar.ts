/**
 * The polar view of a definition's sections around the bone (SVG): the
 * away-from-bone displacement y as a function of the angle φ, at a chosen
 * bone position u or the peak over u, blended between sections as the
 * engine does. The grey ring is the bone's surface (y = 0); the outline is
 * the full bulge, the filled shape the bulge at the current flex.
 */
import type { CompiledBulge } from "../../../src/bulge/index.js";
import { h, svgElement } from "../dom.js";
import { t, tr } from "../i18n.js";
import {
  type PolarAt,
  type PolarFrame,
  polarPath,
  polarPoint,
  polarProfile,
} from "./preview-math.js";

/** Angles sampled around the turn (every 2°). */
const SAMPLES = 180;
/** The drawing in viewBox units: y = 0 (the bone's surface) at radius 50, y = ±0.5 at 50 ± 50. */
const FRAME: PolarFrame = { cx: 0, cy: 0, base: 50, gain: 100 };

/** The polar panel: the chart and its u control. */
export class PolarView {
  readonly element = h("div", { className: "bulge-polar" });
  private readonly chart = svgElement("svg", {
    viewBox: "-138 -128 276 256",
    role: "img",
    class: "bulge-polar-chart",
  });
  private readonly full = svgElement("path", { class: "full" });
  private readonly now = svgElement("path", { class: "now" });
  private readonly spokes = svgElement("g", { class: "sections" });
  private readonly u = h("input", {
    type: "range",
    min: "0",
    max: "1",
    step: "0.01",
    value: "0.5",
    className: "polar-u",
  });
  private readonly uValue = h("output", { className: "polar-u-value" });
  private readonly peak = h("input", { type: "checkbox", className: "polar-peak", checked: true });
  private readonly profile = new Float64Array(SAMPLES);
  private compiled: CompiledBulge | undefined;
  private amount = 0;

  constructor() {
    const grid = svgElement("g", { class: "grid" });
    for (const y of [-0.25, 0.25, 0.5]) {
      grid.append(
        svgElement("circle", { cx: 0, cy: 0, r: FRAME.base + FRAME.gain * y, class: "ring" }),
      );
    }
    grid.append(svgElement("circle", { cx: 0, cy: 0, r: FRAME.base, class: "surface" }));
    for (const deg of [0, 90, 180, 270]) {
      const [x, y] = polarPoint(FRAME, deg, FRAME.base + FRAME.gain * 0.5);
      grid.append(svgElement("line", { x1: 0, y1: 0, x2: x, y2: y, class: "axis" }));
      const [lx, ly] = polarPoint(FRAME, deg, FRAME.base + FRAME.gain * 0.5 + 16);
      const label = svgElement("text", { x: lx, y: ly, class: "angle-label" });
      label.textContent = `${deg}°`;
      grid.append(label);
    }
    this.chart.append(grid, this.now, this.full, this.spokes);
    const title = tr("h3", "bulgePreview.polar");
    this.u.addEventListener("input", () => {
      this.peak.checked = false;
      this.draw();
    });
    this.peak.addEventListener("change", () => this.draw());
    const controls = h(
      "div",
      { className: "polar-controls" },
      h("label", {}, tr("span", "bulgePreview.at"), this.u, this.uValue),
      h("label", {}, this.peak, tr("span", "bulgePreview.peak")),
    );
    const legend = h(
      "div",
      { className: "polar-legend" },
      h(
        "span",
        { className: "item" },
        h("span", { className: "key full" }),
        tr("span", "bulgePreview.full"),
      ),
      h(
        "span",
        { className: "item" },
        h("span", { className: "key now" }),
        tr("span", "bulgePreview.now"),
      ),
    );
    this.element.append(title, this.chart, legend, controls);
    this.draw();
  }

  /** Where the curve is read: the u slider, or "peak". */
  get at(): PolarAt {
    return this.peak.checked ? "peak" : Number(this.u.value);
  }

  /** Shows a definition (undefined: none) at bulge `amount` (0 … scale). */
  update(compiled: CompiledBulge | undefined, amount: number): void {
    this.compiled = compiled;
    this.amount = amount;
    this.draw();
  }

  /** Redraws with the current amount only (the flex moved). */
  setAmount(amount: number): void {
    if (amount === this.amount) return;
    this.amount = amount;
    if (this.compiled) this.now.setAttribute("d", polarPath(this.profile, FRAME, amount));
  }

  private draw(): void {
    const at = this.at;
    this.uValue.textContent = at === "peak" ? "—" : at.toFixed(2);
    this.chart.setAttribute("aria-label", t("bulgePreview.polar"));
    this.spokes.replaceChildren();
    const c = this.compiled;
    if (!c) {
      this.full.setAttribute("d", "");
      this.now.setAttribute("d", "");
      return;
    }
    polarProfile(c, at, SAMPLES, this.profile);
    this.full.setAttribute("d", polarPath(this.profile, FRAME));
    this.now.setAttribute("d", polarPath(this.profile, FRAME, this.amount));
    for (const a of c.angles) {
      const deg = (a * 180) / Math.PI;
      const [x, y] = polarPoint(FRAME, deg, FRAME.base + FRAME.gain * 0.5);
      this.spokes.append(svgElement("line", { x1: 0, y1: 0, x2: x, y2: y, class: "section" }));
      this.spokes.append(svgElement("circle", { cx: x, cy: y, r: 3, class: "section-dot" }));
    }
  }
}
