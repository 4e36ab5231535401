/** The Bodies panel: per body visibility, and for mesh bodies variant, scalar, colour map, exaggeration. */
import { COLORMAP_NAMES, type ColormapName } from "../../../src/core/colormap.js";
import type { SceneBody } from "../../../src/mixed/sample/index.js";
import { h } from "../dom.js";
import { t, tr } from "../i18n.js";
import type { MixedSession } from "./session.js";
import { withUnit } from "./unit-label.js";

/** The panel's element; {@link render} rebuilds it (after a language switch, say). */
export class BodyPanel {
  readonly element = h("div", { className: "panel bodies-panel" });

  constructor(private readonly session: MixedSession) {
    this.render();
  }

  /** Rebuilds every row from the session's state. */
  render(): void {
    const list = h("div", { className: "bodies" });
    for (const b of this.session.scene.bodies) list.append(this.row(b));
    this.element.replaceChildren(tr("h3", "bodies.title"), list);
  }

  private row(b: SceneBody): HTMLElement {
    const s = this.session;
    const state = s.states[b.index]!;
    const visible = h("input", {
      type: "checkbox",
      checked: state.visible,
      title: t("bodies.visible"),
      onchange: (e: Event) => {
        state.visible = (e.target as HTMLInputElement).checked;
        s.bodiesChanged();
      },
    });
    const colour = s.viewer.rigidColour(b.index);
    const row = h(
      "div",
      { className: "body", dataset: { body: String(b.number) } },
      h(
        "label",
        { className: "name" },
        visible,
        colour ? h("span", { className: "swatch", style: `background:${colour}` }) : "",
        ` ${b.number} ${b.name}`,
      ),
    );
    if (b.variants.length === 0) {
      row.append(h("span", { className: "kind" }, t("bodies.rigid")));
      return row;
    }
    const variant = b.variants[state.variant]!;
    const variantSelect = h("select", {
      className: "variant",
      onchange: (e: Event) => {
        state.variant = Number((e.target as HTMLSelectElement).value);
        state.mesh.scalarParam = b.variants[state.variant]!.ref.scalarParam;
        s.setProbe(null);
        s.bodiesChanged();
        row.replaceWith(this.row(b));
      },
    });
    b.variants.forEach((v, i) => {
      variantSelect.append(
        h("option", { value: String(i), selected: i === state.variant }, `${i}: ${v.ref.file}`),
      );
    });
    const scalarSelect = h("select", {
      className: "scalar",
      onchange: (e: Event) => {
        state.mesh.scalarParam = Number((e.target as HTMLSelectElement).value);
        s.bodiesChanged();
      },
    });
    variant.animation?.scalars.forEach((p, i) => {
      scalarSelect.append(
        h(
          "option",
          { value: String(i), selected: i === state.mesh.scalarParam },
          withUnit(p.name, p.unit),
        ),
      );
    });
    const colormapSelect = h("select", {
      className: "colormap",
      onchange: (e: Event) => {
        state.mesh.colormap = (e.target as HTMLSelectElement).value as ColormapName;
        s.bodiesChanged();
      },
    });
    for (const name of COLORMAP_NAMES)
      colormapSelect.append(
        h("option", { value: name, selected: name === state.mesh.colormap }, name),
      );
    row.append(
      h("label", {}, `${t("bodies.variant")} `, variantSelect),
      h("label", {}, `${t("bodies.scalar")} `, scalarSelect),
      h("label", {}, `${t("legend.colormap")} `, colormapSelect),
    );
    if (variant.ref.type === 1) {
      const exaggeration = h("input", {
        type: "number",
        className: "exaggeration",
        min: "0",
        step: "1",
        value: String(state.mesh.exaggeration),
        oninput: (e: Event) => {
          const v = Number((e.target as HTMLInputElement).value);
          if (Number.isFinite(v) && v >= 0) {
            state.mesh.exaggeration = v;
            s.redraw();
          }
        },
      });
      row.append(h("label", {}, `${t("bodies.exaggeration")} `, exaggeration));
    }
    return row;
  }
}
