/**
 * The problems list: every diagnostic of a report as the CLI prints it —
 * `file:line:col: severity CODE: message`, the source line and a caret —
 * through the core's own formatter, with the message in the studio's language.
 */
import {
  formatDiagnostic,
  formatLocated,
  LineCounter,
  type LocatedDiagnostic,
} from "../../../src/core/diagnostics.js";
import type { MessageArgs } from "../../../src/core/message.js";
import type { FileReport } from "../../../src/core/report.js";
import { h } from "../dom.js";
import { diagnosticMessage, diagnosticText } from "../i18n/diagnostics.js";
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
      // One line index per file, not one per diagnostic (a broken .agr can be tens of MB).
      const lines = r.text === undefined ? undefined : new LineCounter(r.text);
      for (const d of r.diagnostics) {
        const message = diagnosticMessage(d, lang);
        const text = formatDiagnostic({ ...d, message }, r.file, lines).trimEnd();
        const cut = text.indexOf("\n");
        list.append(
          problemItem(
            d,
            cut < 0 ? text : text.slice(0, cut),
            cut < 0 ? undefined : text.slice(cut + 1),
          ),
        );
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

/** A diagnostic as the list shows it: its code and severity, and its message in English. */
export interface ShownDiagnostic {
  readonly severity: string;
  readonly code: string;
  readonly message: string;
  readonly args?: MessageArgs | undefined;
}

/**
 * One entry of a problems list: the head line `file:line:col: severity CODE:
 * message` (wraps; the message in the studio's language), the source line and
 * caret (keep their columns), and the reader's English message under a
 * translation that gives only the code's meaning.
 */
export function problemItem(d: ShownDiagnostic, head: string, source?: string): HTMLLIElement {
  const item = h(
    "li",
    { className: d.severity, dataset: { code: d.code } },
    h("pre", { className: "head" }, head),
    source === undefined ? null : h("pre", { className: "source" }, source),
  );
  if (!diagnosticText(d, language()).complete) {
    item.title = d.message;
    item.append(h("p", { className: "original" }, `${t("problems.original")} ${d.message}`));
  }
  return item;
}

/** The head line of a located diagnostic, as the CLI prints it, with the message in the studio's language. */
export function problemHead(d: LocatedDiagnostic): string {
  return formatLocated([{ ...d, message: diagnosticMessage(d, language()) }]).trimEnd();
}
