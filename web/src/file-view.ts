/**
 * One project file checked by the server through the format registry (the
 * same readers as `deforma check`): its format, its diagnostics with line and
 * column, and its summary. A format the registry gains shows here with no
 * edit of this file.
 */

import type { CheckReply } from "../../src/core/formats/reply.js";
import { checkProjectFile } from "./api.js";
import { h } from "./dom.js";
import { formatLabel } from "./i18n/formats.js";
import { language, onLanguageChange, t, tr } from "./i18n.js";
import { formatRoute } from "./route.js";
import { problemHead, problemItem } from "./shell/problems.js";
import { FILE_WORKSPACE, findWorkspace, workspaceForFormat } from "./shell/workspace.js";

/** The file view's element. */
export class FileView {
  readonly element = h("section", { className: "workspace file-view" });
  /** The reply shown, so a language switch re-renders it (messages are translated). */
  private shown: CheckReply | undefined;

  constructor() {
    onLanguageChange(() => {
      if (this.shown) this.render(this.shown);
    });
  }

  /** Checks and shows `path`. */
  async show(path: string): Promise<void> {
    this.shown = undefined;
    this.element.replaceChildren(h("h2", {}, path));
    delete this.element.dataset.state;
    let reply: CheckReply;
    try {
      reply = await checkProjectFile(path);
    } catch (e) {
      this.element.dataset.state = "failed";
      this.element.append(h("p", { className: "error" }, `${path}: ${(e as Error).message}`));
      return;
    }
    this.render(reply);
  }

  /** Renders a check reply (also used by tests with a reply made by hand). */
  render(reply: CheckReply): void {
    this.shown = reply;
    const { path, format } = reply;
    this.element.replaceChildren(h("h2", {}, path));
    if (!format) {
      this.element.dataset.state = "unknown";
      this.element.append(tr("p", "file.unknown"));
      for (const d of reply.diagnostics)
        this.element.append(h("p", { className: "note" }, d.message));
      return;
    }
    this.element.append(
      h(
        "p",
        { className: "format" },
        t("file.format", {
          label: reply.variant
            ? `${formatLabel(format, language())}, ${reply.variant}`
            : formatLabel(format, language()),
        }),
        " — ",
        h("code", {}, `docs/formats/${format.docsPage}`),
      ),
    );
    if (reply.status === "too-large") {
      this.element.dataset.state = "unchecked";
      this.element.append(tr("p", "file.tooLarge"));
      return;
    }
    this.element.dataset.state = reply.errors > 0 ? "invalid" : "valid";
    this.element.append(
      h(
        "p",
        { className: reply.errors > 0 ? "verdict invalid" : "verdict valid" },
        t(reply.errors > 0 ? "file.invalid" : "file.valid", {
          errors: reply.errors,
          warnings: reply.warnings,
        }),
      ),
    );
    if (reply.diagnostics.length > 0) {
      const list = h("ul", { className: "problems-list" });
      reply.diagnostics.forEach((d, i) => {
        list.append(problemItem(d, problemHead(d), reply.excerpts?.[i]?.trimEnd()));
      });
      if (reply.omitted > 0) list.append(h("li", {}, t("file.omitted", { count: reply.omitted })));
      this.element.append(list);
    }
    const open = workspaceForFormat(format.workspace);
    if (open !== FILE_WORKSPACE) {
      const href = formatRoute({ workspace: open, file: path });
      const w = findWorkspace(open);
      const text = w?.openLabel
        ? t(w.openLabel)
        : w
          ? t("file.openIn", { name: t(w.label) })
          : t("file.play");
      this.element.append(h("p", {}, h("a", { href }, text)));
    }
    if (reply.summary !== undefined) {
      // Long arrays (frame times) are cut for reading; `deforma check`'s readers give them whole.
      this.element.append(
        tr("h3", "file.summary"),
        h("pre", { className: "summary" }, readableJson(reply.summary)),
      );
    }
  }
}

/**
 * Indented JSON with arrays of numbers on one line (a matrix, frame times),
 * cut after 24 entries with a count of the rest.
 */
function readableJson(value: unknown): string {
  const inline: string[] = [];
  const text = JSON.stringify(
    value,
    (_, v) => {
      if (!Array.isArray(v) || !v.every((x) => typeof x === "number")) return v;
      const shown = v.slice(0, 24).join(", ");
      inline.push(`[${shown}${v.length > 24 ? `, … ${v.length - 24} more` : ""}]`);
      return `\u0000${inline.length - 1}`;
    },
    2,
  );
  return text.replace(/"\\u0000(\d+)"/g, (_, i: string) => inline[Number(i)]!);
}
