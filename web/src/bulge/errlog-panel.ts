/**
 * The error log: each definition the reader left out or recoded, with its
 * line; a click shows that line in the source pane (the file as read, with
 * line numbers, the line marked and scrolled into view).
 */
import { LineCounter } from "../../../src/core/diagnostics.js";
import { h } from "../dom.js";
import { t, tr } from "../i18n.js";
import type { BulgeSession } from "./session.js";

/** The error-log panel and its source pane. */
export class ErrlogPanel {
  readonly element = h("section", { className: "panel errlog" });
  private readonly source = h("pre", { className: "source", tabIndex: 0 });
  private readonly sourceTitle = h("h3", {});
  private marked = 0;
  private readonly off: (() => void)[] = [];

  constructor(private readonly session: BulgeSession) {
    this.render();
    this.off.push(
      session.signals.list.add(() => this.render()),
      session.signals.showLine.add((line) => this.mark(line)),
    );
  }

  /** Builds the log and the source pane. */
  render(): void {
    const s = this.session;
    const items = s.errlog.map((e) =>
      h(
        "li",
        {},
        h(
          "button",
          {
            className: `errlog-entry ${e.kind}`,
            dataset: { line: String(e.line) },
            onclick: () => s.signals.showLine.dispatch(e.line),
          },
          h("span", { className: "where" }, t("bulge.line", { line: e.line })),
          h(
            "span",
            { className: "kind" },
            t(e.kind === "omitted" ? "bulge.omitted" : "bulge.reassigned"),
          ),
          e.name !== undefined && h("span", { className: "name" }, `“${e.name}”`),
          h("span", { className: "text" }, e.message),
        ),
      ),
    );
    const list = h("ul", { className: "errlog-list" }, ...items);
    if (items.length === 0) list.append(h("li", { className: "empty" }, t("bulge.errlogEmpty")));
    this.sourceTitle.textContent = t("bulge.source", { file: s.path });
    // Numbered as the reader numbers them (a lone CR ends a line too).
    const lines = new LineCounter(s.text);
    let count = lines.lineCount;
    if (count > 1 && lines.lineText(count) === "") count--;
    const rows: HTMLElement[] = [];
    for (let n = 1; n <= count; n++)
      rows.push(
        h(
          "span",
          { className: "src-line", dataset: { line: String(n) } },
          h("span", { className: "no" }, String(n).padStart(4)),
          ` ${lines.lineText(n)}\n`,
        ),
      );
    this.source.replaceChildren(...rows);
    this.element.replaceChildren(tr("h2", "bulge.errlog"), list, this.sourceTitle, this.source);
    if (this.marked > 0) this.mark(this.marked, false);
  }

  /** Marks line `line` of the source and scrolls it into view. */
  private mark(line: number, scroll = true): void {
    this.marked = line;
    for (const el of this.source.querySelectorAll(".src-line.marked"))
      el.classList.remove("marked");
    const el = this.source.querySelector<HTMLElement>(`.src-line[data-line="${line}"]`);
    if (!el) return;
    el.classList.add("marked");
    if (scroll) this.source.scrollTop = Math.max(0, el.offsetTop - this.source.offsetTop - 24);
  }

  /** Stops listening. */
  dispose(): void {
    for (const f of this.off) f();
  }
}
