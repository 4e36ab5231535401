/**
 * The problems list: every diagnostic of a report as the CLI prints it —
 * `file:line:col: severity CODE: message`, the source line and a caret —
 * through the core's own formatter, with the message in the studio's language.
 */
import { formatDiagnostics } from "../../../src/core/diagnostics.js";
import type { FileReport } from "../../../src/core/report.js";
import { h } from "../dom.js";
import { diagnosticMessage } from "../i18n/diagnostics.js";
import { language, type MessageKey, t } from "../i18n.js";

/** Renders reports into a list element; re-render on a language switch with {@link show}. */
export class ProblemsList {
  readonly element = h("div", { className: "problems" });

  /** Shows `report`'s diagnostics under a `title`, with an optional `note` paragraph (nothing when there are none). */
  show(report: readonly FileReport[], title: MessageKey, note?: MessageKey): void {
    this.element.replaceChildren();
    const list = h("ul", { className: "problems-list" });
    const lang = language();
    for (const r of report) {
      const source = r.text === undefined ? { file: r.file } : { file: r.file, text: r.text };
      for (const d of r.diagnostics) {
        const message = diagnosticMessage(d, lang);
        const text = formatDiagnostics([{ ...d, message }], source).trimEnd();
        // The first line (`file:line:col: severity CODE: message`) wraps; the source
        // line and its caret keep their columns.
        const cut = text.indexOf("\n");
        const item = h(
          "li",
          { className: d.severity, dataset: { code: d.code } },
          h("pre", { className: "head" }, cut < 0 ? text : text.slice(0, cut)),
          cut < 0 ? null : h("pre", { className: "source" }, text.slice(cut + 1)),
        );
        if (message !== d.message) {
          item.title = d.message;
          item.append(h("p", { className: "original" }, `${t("problems.original")} ${d.message}`));
        }
        list.append(item);
      }
    }
    if (list.childElementCount === 0) return;
    this.element.append(h("h3", {}, t(title)), note ? h("p", {}, t(note)) : "", list);
  }

  /** Removes every entry. */
  clear(): void {
    this.element.replaceChildren();
  }
}
