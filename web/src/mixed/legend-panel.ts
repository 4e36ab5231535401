/**
 * Legends of the visible mesh bodies: the colour map, ticks in one number
 * format, and the range mode (this frame, whole animation, fixed values).
 */
import { type ColormapName, colormap } from "../../../src/core/colormap.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { roundOutward, tickFormat, tickValues } from "../shell/scale.js";
import type { RangeMode } from "./mesh-view.js";
import type { MixedSession } from "./session.js";
import { withUnit } from "./unit-label.js";

/** Ticks per legend (both ends included). */
const TICKS = 5;

/** The legends' element; rebuilt when bodies change, ticks redrawn per frame. */
export class LegendPanel {
  readonly element = h("div", { className: "legends" });
  private readonly unsubscribe: (() => void)[];

  constructor(private readonly session: MixedSession) {
    this.unsubscribe = [
      session.signals.bodies.add(() => this.render()),
      session.signals.time.add(() => this.refreshTicks()),
    ];
    this.render();
  }

  /** Rebuilds every legend (after a body change or a language switch). */
  render(): void {
    const s = this.session;
    const items: HTMLElement[] = [];
    for (const b of s.scene.bodies) {
      const state = s.states[b.index]!;
      if (!state.visible || b.variants.length === 0) continue;
      const view = s.viewer.meshView(b.index, state.variant);
      if (!view) continue;
      const param = view.animation.scalars[state.mesh.scalarParam];
      items.push(
        this.legend(b.index, b.number, `${b.name}: ${withUnit(param?.name ?? "—", param?.unit)}`),
      );
    }
    this.element.replaceChildren(...items);
    this.refreshTicks();
  }

  /** Stops listening to the session. */
  dispose(): void {
    for (const f of this.unsubscribe) f();
  }

  /** Writes the current range into every legend's ticks. */
  private refreshTicks(): void {
    const s = this.session;
    for (const legend of this.element.querySelectorAll<HTMLElement>(".legend")) {
      const index = Number(legend.dataset.index);
      const view = s.viewer.meshView(index, s.states[index]!.variant);
      if (!view) continue;
      const { min, max } = view.range;
      // Per frame: touch the DOM only when the range moved (it is fixed in "all" and "fixed" modes).
      const range = `${min} ${max}`;
      if (legend.dataset.range === range) continue;
      legend.dataset.range = range;
      const text = tickFormat(min, max, TICKS);
      const labels = legend.querySelectorAll<HTMLElement>(".tick");
      tickValues(min, max, TICKS).forEach((v, i) => {
        const label = labels[i];
        if (label) label.textContent = text(v);
      });
    }
  }

  private legend(index: number, number: number, title: string): HTMLElement {
    const s = this.session;
    const state = s.states[index]!;
    const canvas = h("canvas", { width: 256, height: 12 });
    paintGradient(canvas, state.mesh.colormap);
    const ticks = h("div", { className: "ticks" });
    for (let i = 0; i < TICKS; i++) {
      // Odd ticks are "minor": a narrow legend hides them rather than overlap its labels.
      const cls =
        i === 0 ? "tick min" : i === TICKS - 1 ? "tick max" : i % 2 ? "tick minor" : "tick";
      ticks.append(h("span", { className: cls, style: `left:${(100 * i) / (TICKS - 1)}%` }));
    }
    const lo = h("input", { type: "number", step: "any", className: "fixed-min" });
    const hi = h("input", { type: "number", step: "any", className: "fixed-max" });
    const setFixed = () => {
      const a = Number(lo.value);
      const b = Number(hi.value);
      if (lo.value === "" || hi.value === "" || !Number.isFinite(a) || !Number.isFinite(b)) return;
      state.mesh.fixedMin = a;
      state.mesh.fixedMax = b;
      s.redraw();
      this.refreshTicks();
    };
    lo.addEventListener("change", setFixed);
    hi.addEventListener("change", setFixed);
    const fixed = h(
      "span",
      { className: "fixed", hidden: state.mesh.rangeMode !== "fixed" },
      lo,
      " … ",
      hi,
    );
    if (state.mesh.rangeMode === "fixed") {
      lo.value = String(state.mesh.fixedMin);
      hi.value = String(state.mesh.fixedMax);
    }
    const mode = h("select", {
      className: "range-mode",
      ariaLabel: t("legend.range"),
      onchange: () => {
        state.mesh.rangeMode = mode.value as RangeMode;
        if (state.mesh.rangeMode === "fixed") {
          const view = s.viewer.meshView(index, state.variant);
          if (view) {
            // Short numbers that fit the fields and still hold the range (4 significant digits, outward).
            state.mesh.fixedMin = roundOutward(view.range.min, 4, false);
            state.mesh.fixedMax = roundOutward(view.range.max, 4, true);
          }
        }
        s.bodiesChanged();
      },
    });
    for (const [v, key] of [
      ["frame", "legend.frame"],
      ["all", "legend.all"],
      ["fixed", "legend.fixed"],
    ] as const)
      mode.append(h("option", { value: v, selected: v === state.mesh.rangeMode }, t(key)));
    return h(
      "div",
      { className: "legend", dataset: { body: String(number), index: String(index) } },
      h("div", { className: "title" }, title),
      canvas,
      ticks,
      h("label", { className: "range" }, `${t("legend.range")} `, mode, fixed),
    );
  }
}

function paintGradient(canvas: HTMLCanvasElement, name: ColormapName): void {
  const g = canvas.getContext("2d");
  if (!g) return;
  const lut = colormap(name);
  const img = g.createImageData(256, 1);
  for (let i = 0; i < 256; i++)
    img.data.set([lut[i * 3]!, lut[i * 3 + 1]!, lut[i * 3 + 2]!, 255], i * 4);
  for (let y = 0; y < canvas.height; y++) g.putImageData(img, 0, y);
}
