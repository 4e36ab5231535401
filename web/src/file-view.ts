/**
 * One project file checked by the server through the format registry (the
 * same readers as `deforma check`): its format, its diagnostics with line and
 * column, and its summary. A format the registry gains shows here with no
 * edit of this file.
 */

import type { CheckReply, FormatInfo } from "../../src/core/formats/reply.js";
import { checkProjectFile, docsUrl, projectFileBlobUrl } from "./api.js";
import { h } from "./dom.js";
import { countText, formatBytes, formatNumber, renderSummary } from "./file-summary.js";
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
    this.element.append(formatLine(reply, format));
    if (reply.status === "too-large") {
      this.element.dataset.state = "unchecked";
      const over = reply.over;
      this.element.append(
        over === "time" || over === "memory"
          ? h(
              "p",
              {},
              t(over === "time" ? "file.tooLargeTime" : "file.tooLargeMemory", { name: path }),
            )
          : tr("p", "file.tooLarge"),
      );
      return;
    }
    this.element.dataset.state = reply.errors > 0 ? "invalid" : "valid";
    this.element.append(
      h(
        "p",
        { className: reply.errors > 0 ? "verdict invalid" : "verdict valid" },
        t(reply.errors > 0 ? "file.verdictInvalid" : "file.verdictValid", {
          errors: countText("file.errors", reply.errors, true),
          warnings: countText("file.warnings", reply.warnings, true),
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
    // Only a picture that checked without errors: a PNG whose header declares a huge size is never decoded.
    if (format.mediaType?.startsWith("image/") && reply.errors === 0)
      this.element.append(picture(reply, format.mediaType));
    if (reply.summary !== undefined) {
      this.element.append(tr("h3", "file.summary"), renderSummary(reply.summary));
    }
  }
}

/** "Format: mesh animation, binary · 45.2 KB · Format description" (the last a link to its page). */
function formatLine(reply: CheckReply, format: FormatInfo): HTMLElement {
  const label = formatLabel(format, language());
  return h(
    "p",
    { className: "format" },
    t("file.format", { label: reply.variant ? `${label}, ${reply.variant}` : label }),
    ` · ${formatBytes(reply.size)} · `,
    h(
      "a",
      {
        className: "docs",
        href: docsUrl(`formats/${format.docsPage}`),
        target: "_blank",
        rel: "noopener",
      },
      t("file.docs"),
    ),
  );
}

/** A picture format's file as its picture (read through the file API), with its size. */
function picture(reply: CheckReply, mediaType: string): HTMLElement {
  const img = h("img", { alt: reply.path });
  void projectFileBlobUrl(reply.path, mediaType).then((url) => {
    if (url === undefined) return;
    img.addEventListener("load", () => URL.revokeObjectURL(url), { once: true });
    img.src = url;
  });
  const s = reply.summary as { width?: unknown; height?: unknown } | undefined;
  const size =
    typeof s?.width === "number" && typeof s.height === "number"
      ? `${t("file.picture", { width: formatNumber(s.width), height: formatNumber(s.height) })}, `
      : "";
  return h(
    "figure",
    { className: "picture" },
    img,
    h("figcaption", {}, `${size}${formatBytes(reply.size)}`),
  );
}
