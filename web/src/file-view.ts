/**
 * One project file checked by the server through the format registry (the
 * same readers as `deforma check`): its format, its diagnostics with line and
 * column, and its summary. A format the registry gains shows here with no
 * edit of this file.
 */

import { checkProjectFile, type FileCheckReply } from "./check-api.js";
import { h } from "./dom.js";
import { t, tr } from "./i18n.js";
import { formatRoute, type Route } from "./route.js";

/** The route of the workspace that opens a format, when the studio has one. */
function workspaceRoute(workspace: string | undefined, file: string): Route | undefined {
  return workspace === "mixed" || workspace === "bulge" || workspace === "live"
    ? { workspace, file }
    : undefined;
}

/** The file view's element. */
export class FileView {
  readonly element = h("section", { className: "workspace file-view" });

  /** Checks and shows `path`. */
  async show(path: string): Promise<void> {
    this.element.replaceChildren(h("h2", {}, path));
    delete this.element.dataset.state;
    let reply: FileCheckReply;
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
  render(reply: FileCheckReply): void {
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
          label: reply.variant ? `${format.label}, ${reply.variant}` : format.label,
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
        const line = reply.lines?.[i];
        list.append(
          h(
            "li",
            { className: d.severity },
            h("code", {}, `${d.file}:${d.line}:${d.column}:`),
            ` ${d.severity} ${d.code}: ${d.message}`,
            line === undefined
              ? null
              : h(
                  "pre",
                  { className: "source" },
                  `${line}\n${" ".repeat(Math.max(0, d.column - 1))}^`,
                ),
          ),
        );
      });
      if (reply.omitted > 0) list.append(h("li", {}, t("file.omitted", { count: reply.omitted })));
      this.element.append(list);
    }
    const open = workspaceRoute(format.workspace, path);
    if (open) {
      this.element.append(h("p", {}, h("a", { href: formatRoute(open) }, t("file.play"))));
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
export function readableJson(value: unknown): string {
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
