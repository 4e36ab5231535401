/**
 * The section editor: one tab per section angle of the selected definition,
 * the chart of that section (drag the icons), the selected keypoint's values
 * and — while dragging — its allowed range or the limit that stopped it;
 * buttons to add and remove keypoints and sections.
 */
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { toolButton } from "../shell/tool-button.js";
import { SectionChart } from "./chart.js";
import { canRemoveKeypoint, suggestAngle } from "./limits.js";
import type { BulgeSession } from "./session.js";

const fmt = (v: number) => v.toFixed(4);

/** The section editor panel. */
export class SectionEditor {
  readonly element = h("section", { className: "panel section-editor" });
  private readonly tabs = h("div", { className: "section-tabs", role: "tablist" });
  private readonly chart: SectionChart;
  private readonly readout = h("p", { className: "readout" });
  private readonly angle = h("input", {
    type: "number",
    className: "section-angle",
    min: "0",
    max: "360",
    step: "1",
  });
  private readonly problem = h("p", { className: "refusal", role: "alert" });
  /** The selected keypoint's u, x and y, typed (next to the drag). */
  private readonly fields = (["u", "x", "y"] as const).map((what) =>
    h("input", {
      type: "number",
      className: `kp-value kp-${what}`,
      step: "0.001",
      dataset: { what },
    }),
  );
  private readonly fieldRow = h("div", { className: "row keypoint-values" });
  /** The typed keypoint field the refusal shown is about, or −1 (it goes when the field is left). */
  private keypointRefusal = -1;
  private readonly buttons = h("div", { className: "row" });
  private readonly off: (() => void)[] = [];

  constructor(private readonly session: BulgeSession) {
    this.chart = new SectionChart(session);
    // A refusal goes as soon as its field changes.
    this.angle.addEventListener("input", () => {
      this.problem.textContent = "";
    });
    this.fields.forEach((field, v) => {
      field.addEventListener("input", () => {
        this.problem.textContent = "";
      });
      field.addEventListener("change", () => this.typed(v as 0 | 1 | 2));
      // Leaving a refused field puts the keypoint's value back, and the refusal goes.
      field.addEventListener("blur", () => {
        if (this.keypointRefusal === v) queueMicrotask(() => this.showReadout());
      });
    });
    this.chart.onChange = () => this.showReadout();
    const s = session;
    this.off.push(
      s.signals.selection.add(() => {
        this.chart.selected = -1;
        this.problem.textContent = "";
        this.render();
      }),
      s.signals.definition.add(() => this.update()),
    );
    this.render();
  }

  /** Builds the panel (also after a language switch). */
  render(): void {
    const s = this.session;
    const wide = window.innerWidth >= 1100;
    this.buttons.replaceChildren(
      h(
        "span",
        { className: "group keypoints", role: "group", ariaLabel: t("bulge.keypointGroup") },
        h("span", { className: "group-label" }, t("bulge.keypointGroup")),
        toolButton("add-keypoint", "plus", "bulge.addKeypoint", () => this.addKeypoint(), wide),
        toolButton(
          "remove-keypoint",
          "trash",
          "bulge.removeKeypoint",
          () => this.removeKeypoint(),
          wide,
        ),
      ),
      h(
        "span",
        { className: "group sections", role: "group", ariaLabel: t("bulge.sectionGroup") },
        h("span", { className: "group-label" }, t("bulge.sectionGroup")),
        h("label", { className: "angle-field", title: t("bulge.sectionAngle") }, "∠", this.angle),
        toolButton("add-section", "plus", "bulge.addSection", () => this.addSection(), wide),
        toolButton(
          "remove-section",
          "trash",
          "bulge.removeSection",
          () => {
            s.removeSection();
          },
          wide,
        ),
      ),
    );
    this.angle.ariaLabel = t("bulge.sectionAngle");
    this.fieldRow.replaceChildren(
      ...this.fields.map((f) => {
        const what = f.dataset.what!;
        f.ariaLabel = t("bulge.keypointValue", { what });
        return h("label", { className: "kp-field" }, what, f);
      }),
    );
    this.element.replaceChildren(
      this.tabs,
      this.chart.element,
      this.readout,
      this.fieldRow,
      this.problem,
      this.buttons,
    );
    this.element.hidden = !s.current;
    this.update();
  }

  /** Redraws tabs, chart and readout after a change of shape. */
  private update(): void {
    const s = this.session;
    const d = s.current;
    this.tabs.replaceChildren(
      ...(d?.sections ?? []).map((sec, i) =>
        h(
          "button",
          {
            className: `section-tab${i === s.section ? " selected" : ""}`,
            role: "tab",
            ariaSelected: String(i === s.section),
            dataset: { angle: String(sec.angle) },
            onclick: () => s.selectSection(i),
          },
          t("bulge.section", { angle: sec.angle }),
        ),
      ),
    );
    this.chart.render();
    this.showReadout();
    const free = suggestAngle(d?.sections.map((x) => x.angle) ?? []);
    this.angle.placeholder = free < 0 ? "" : String(free);
  }

  private showReadout(): void {
    const s = this.session;
    const k = s.current?.sections[s.section]?.keypoints;
    const i = this.chart.selected;
    const kp = k?.[i];
    this.readout.classList.toggle("limited", (this.chart.drag?.limited.length ?? 0) > 0);
    this.fieldRow.hidden = !kp;
    const refused = this.fields[this.keypointRefusal];
    if (refused && document.activeElement !== refused) {
      this.keypointRefusal = -1;
      this.problem.textContent = "";
    }
    if (!k || !kp) {
      this.readout.textContent = t("bulge.hint");
      this.setButtons(false, false);
      return;
    }
    this.fields.forEach((f, v) => {
      if (document.activeElement !== f) f.value = String(kp[v]);
      // The ends' u is fixed (0 and 1).
      f.disabled = v === 0 && (i === 0 || i === k.length - 1);
    });
    const parts = [
      `${t("bulge.keypoint", { n: i + 1 })}: ${t("bulge.readout", { u: fmt(kp[0]), x: fmt(kp[1]), y: fmt(kp[2]) })}`,
    ];
    const limited = this.chart.drag?.limited ?? [];
    for (const r of this.chart.dragRange()) {
      const key = limited.includes(r.what as "u") ? "bulge.limit" : "bulge.range";
      parts.push(t(key, { what: r.what, min: fmt(r.range.min), max: fmt(r.range.max) }));
    }
    this.readout.textContent = parts.join(" · ");
    this.setButtons(i < k.length - 1, canRemoveKeypoint(k, i));
  }

  /** A typed value of the selected keypoint: applied, or refused with the allowed range. */
  private typed(v: 0 | 1 | 2): void {
    const raw = this.fields[v]!.value.trim();
    const r = this.session.setKeypoint(
      this.chart.selected,
      v,
      raw === "" ? Number.NaN : Number(raw),
    );
    this.problem.textContent = r ? t(r.key, r.vars) : "";
    this.keypointRefusal = r ? v : -1;
    this.showReadout();
  }

  private setButtons(add: boolean, remove: boolean): void {
    const a = this.buttons.querySelector<HTMLButtonElement>(".add-keypoint");
    const r = this.buttons.querySelector<HTMLButtonElement>(".remove-keypoint");
    if (a) a.disabled = !add;
    if (r) r.disabled = !remove;
  }

  private addKeypoint(): void {
    const i = this.chart.selected;
    if (i >= 0 && this.session.addKeypoint(i)) this.chart.selected = i + 1;
    this.update();
  }

  private removeKeypoint(): void {
    const i = this.chart.selected;
    if (this.session.removeKeypoint(i)) this.chart.selected = -1;
    this.update();
  }

  private addSection(): void {
    const raw = this.angle.value.trim() || this.angle.placeholder;
    const r = this.session.addSection(raw === "" ? Number.NaN : Number(raw));
    this.problem.textContent = r ? t(r.key, r.vars) : "";
  }

  /** Stops listening. */
  dispose(): void {
    this.chart.dispose();
    for (const f of this.off) f();
  }
}
