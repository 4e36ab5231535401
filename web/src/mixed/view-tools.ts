/** View tools: fit, screenshot, mesh edges and ground grid toggles. */
import { h } from "../dom.js";
import { type MessageKey, t } from "../i18n.js";
import { baseName, downloadBlob } from "../shell/download.js";
import { type IconName, icon } from "../shell/icons.js";
import type { MixedSession } from "./session.js";

/** A toolbar button with an icon and a label (the label hides in narrow windows; the title stays). */
export function iconButton(
  className: string,
  name: IconName,
  label: MessageKey,
  onclick: () => void,
): HTMLButtonElement {
  return h(
    "button",
    { className: `${className} tool`, title: t(label), ariaLabel: t(label), onclick },
    icon(name),
    h("span", { className: "label" }, t(label)),
  );
}

/** The view's buttons. */
export class ViewTools {
  readonly element = h("div", { className: "view-tools" });

  constructor(private readonly session: MixedSession) {
    this.render();
  }

  /** Rebuilds the buttons (after a language switch). */
  render(): void {
    const v = this.session.viewer;
    const toggle = (
      className: string,
      name: IconName,
      label: MessageKey,
      on: () => boolean,
      set: (x: boolean) => void,
    ) => {
      const b = iconButton(className, name, label, () => {
        set(!on());
        b.setAttribute("aria-pressed", String(on()));
      });
      b.setAttribute("aria-pressed", String(on()));
      return b;
    };
    this.element.replaceChildren(
      iconButton("fit", "fit", "view.fit", () => v.fit()),
      iconButton("screenshot", "camera", "view.screenshot", () => void this.screenshot()),
      toggle(
        "edges",
        "edges",
        "view.edges",
        () => v.edges,
        (x) => v.setEdges(x),
      ),
      toggle(
        "grid",
        "grid",
        "view.grid",
        () => v.grid.visible,
        (x) => v.setGrid(x),
      ),
    );
  }

  private async screenshot(): Promise<void> {
    const s = this.session;
    const blob = await s.viewer.screenshot();
    if (blob) downloadBlob(blob, `${baseName(s.file)}-${s.sampler.time.toFixed(3)}s.png`);
  }
}
