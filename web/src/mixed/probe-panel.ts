/**
 * The Probe panel: the clicked node's number, coordinates, value now, and a
 * plot over the animation; for a scalar from a cell array, the clicked
 * cell's value (drawn flat per cell, as the view shows it).
 */
import { cellScalarAt, scalarAt } from "../../../src/mixed/agr/index.js";
import { h } from "../dom.js";
import { t, tr } from "../i18n.js";
import { drawPlot, format } from "./plot.js";
import type { MixedSession } from "./session.js";
import { unitText, withUnit } from "./unit-label.js";

/** The panel's element; follows the probe, the time and body changes. */
export class ProbePanel {
  readonly element = h("div", { className: "panel probe" });
  /** The probed node's value at every `.agr` frame (made when the probe or its scalar changes). */
  private series: Float32Array | null = null;
  private readonly unsubscribe: (() => void)[];

  constructor(private readonly session: MixedSession) {
    this.unsubscribe = [
      session.signals.probe.add(() => this.render()),
      session.signals.bodies.add(() => this.render()),
      session.signals.time.add(() => this.refresh()),
    ];
    this.render();
  }

  /** Rebuilds the panel (new probe, new scalar, language switch). */
  render(): void {
    const s = this.session;
    const hit = s.probe;
    this.series = null;
    if (!hit) {
      this.element.replaceChildren(tr("h3", "probe.title"), tr("p", "probe.hint"));
      return;
    }
    const m = hit.variant.animation!;
    const param = this.param();
    const desc = m.scalars[param]!;
    const frames = desc.varying ? m.times.length : 1;
    this.series = new Float32Array(frames);
    const cell = this.cell();
    for (let f = 0; f < frames; f++)
      this.series[f] =
        cell === undefined ? scalarAt(m, param, f)[hit.node]! : cellScalarAt(m, param, f)![cell]!;
    this.element.replaceChildren(
      tr("h3", "probe.title"),
      h(
        "dl",
        {},
        h("dt", {}, t("probe.node")),
        h(
          "dd",
          { className: "node" },
          `${s.scene.bodies[hit.body]!.name} #${hit.node}${cell === undefined ? "" : ` (${t("probe.cell")} #${cell})`}`,
        ),
        h("dt", {}, t("probe.coords")),
        h("dd", { className: "coords" }, hit.world.map((v) => v.toFixed(5)).join(", ")),
        h("dt", {}, t("probe.value")),
        h("dd", { className: "value" }),
      ),
      h("p", { className: "plot-title" }, `${withUnit(desc.name, desc.unit)} ${t("probe.over")}`),
      h("canvas", { className: "plot" }),
    );
    this.refresh();
  }

  /** Stops listening to the session. */
  dispose(): void {
    for (const f of this.unsubscribe) f();
  }

  /** The probed cell when the scalar shown comes from a cell array, else undefined (the node's value). */
  private cell(): number | undefined {
    const hit = this.session.probe!;
    return hit.variant.animation!.cellValues?.[this.param()] ? hit.cell : undefined;
  }

  private param(): number {
    const hit = this.session.probe!;
    const m = hit.variant.animation!;
    return Math.min(this.session.states[hit.body]!.mesh.scalarParam, m.scalars.length - 1);
  }

  /** Per frame: the value now and the plot's time marker. */
  private refresh(): void {
    const s = this.session;
    const hit = s.probe;
    const canvas = this.element.querySelector<HTMLCanvasElement>("canvas.plot");
    if (!hit || !canvas || !this.series) return;
    const m = hit.variant.animation!;
    const param = this.param();
    const desc = m.scalars[param]!;
    const cell = this.cell();
    const value =
      cell === undefined
        ? s.sampler.nodeScalar(hit.variant, hit.node, param)
        : s.sampler.cellScalar(hit.variant, cell, param);
    this.element.querySelector(".value")!.textContent =
      `${format(value)} ${unitText(desc.unit)}`.trim();
    const times = desc.varying ? m.times : [m.times[0] ?? 0];
    drawPlot(canvas, times, this.series, s.sampler.time, unitText(desc.unit));
  }
}
