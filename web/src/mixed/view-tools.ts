/** View tools: fit, screenshot, mesh edges and ground grid toggles. */
import { stemOf } from "../../../src/core/path.js";
import { h } from "../dom.js";
import { type MessageKey, t } from "../i18n.js";
import { downloadBlob } from "../shell/download.js";
import type { IconName } from "../shell/icons.js";
import { toolButton } from "../shell/tool-button.js";
import { legendPictures } from "./screenshot.js";
import type { MixedSession } from "./session.js";

/** The view's buttons. */
export class ViewTools {
  readonly element = h("div", { className: "view-tools" });

  /** `legends`: the legend panel's element, whose legends the screenshot shows. */
  constructor(
    private readonly session: MixedSession,
    private readonly legends?: HTMLElement,
  ) {
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
      const b = toolButton(className, name, label, () => {
        set(!on());
        b.setAttribute("aria-pressed", String(on()));
      });
      b.setAttribute("aria-pressed", String(on()));
      return b;
    };
    this.element.replaceChildren(
      toolButton("fit", "fit", "view.fit", () => v.fit()),
      toolButton("screenshot", "camera", "view.screenshot", () => void this.screenshot()),
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
    const legends = this.legends ? legendPictures(this.legends) : [];
    const time = `${t("time.time")} ${s.sampler.time.toFixed(3)} ${t("unit.s")}`;
    const blob = await s.viewer.screenshot(legends, time);
    if (blob) downloadBlob(blob, `${stemOf(s.file)}-${s.sampler.time.toFixed(3)}s.png`);
  }
}
