/**
 * The sidebar's project files: a tree of folders with numbered series
 * collapsed (see file-tree.ts), and beside each file of a known format its
 * real check result from the server (ok, warnings or errors with a count),
 * which links to the file view ("check this file"). Only visible rows are
 * checked, a few at a time.
 */
import "./file-list.css";
import type { CheckReply, FormatInfo } from "../../src/core/formats/reply.js";
import { checkProjectFile, listFiles, type ProjectFile } from "./api.js";
import { h } from "./dom.js";
import { countText } from "./file-summary.js";
import { buildFileTree, type TreeFile, type TreeNode } from "./file-tree.js";
import { onLanguageChange, t, tr } from "./i18n.js";
import { formatRoute, NUMBERED_SERIES } from "./route.js";
import { FILE_WORKSPACE, workspaceForFormat } from "./shell/workspace.js";

/** How many checks run at once. */
const CHECKS_AT_ONCE = 3;
/** Longest the background checks wait for a workspace that is opening its file (ms). */
const HOLD_MS = 15_000;

/** A file's check as the list shows it. */
type Status =
  | { readonly state: "pending" }
  | { readonly state: "done"; readonly reply: CheckReply }
  | { readonly state: "failed"; readonly error: string };

/** The project's files as a tree; `refresh()` reloads the listing. */
export class FileList {
  readonly element = h("ul", { className: "file-list tree" });
  private files: ProjectFile[] = [];
  /** The same files by path (each row looks its file up). */
  private byPath = new Map<string, ProjectFile>();
  private formats = new Map<string, FormatInfo>();
  private current: string | undefined;
  /** Folders the user closed, series the user opened (by node path). */
  private readonly closed = new Set<string>();
  private readonly opened = new Set<string>();
  /** Check results by `path`, with the size and time they were made for. */
  private readonly statuses = new Map<string, { key: string; status: Status }>();
  private readonly queue: (() => Promise<void>)[] = [];
  private running = 0;
  /** While set, background checks wait (see {@link holdChecks}). */
  private held: Promise<unknown> | undefined;

  constructor() {
    onLanguageChange(() => this.render());
  }

  /** Reloads the listing from the server and redraws; throws when the server cannot list. */
  async refresh(): Promise<void> {
    const listing = await listFiles();
    this.files = listing.files;
    this.byPath = new Map(listing.files.map((f) => [f.path, f]));
    this.formats = new Map((listing.formats ?? []).map((f) => [f.id, f]));
    this.render();
  }

  /** Marks `path` as the open file. */
  setCurrent(path: string | undefined): void {
    this.current = path;
    for (const li of this.element.querySelectorAll<HTMLLIElement>("li.file"))
      li.classList.toggle("current", li.dataset.path === path);
  }

  private render(): void {
    this.element.replaceChildren();
    if (this.files.length === 0) {
      this.element.append(tr("li", "files.empty"));
      return;
    }
    // Which files index a series is the registry's word (`indexes`), sent with the listing.
    const isIndex = (f: TreeFile) =>
      f.format !== undefined && this.formats.get(f.format)?.indexes === "series";
    this.renderNodes(buildFileTree(this.files, isIndex), this.element);
  }

  private renderNodes(nodes: readonly TreeNode[], into: HTMLElement): void {
    for (const n of nodes) into.append(this.renderNode(n));
  }

  private renderNode(n: TreeNode): HTMLLIElement {
    if (n.kind === "file") return this.fileRow(n.path, n.name);
    const isFolder = n.kind === "folder";
    const open = isFolder ? !this.closed.has(n.path) : this.opened.has(n.path);
    const li = h("li", {
      className: `${n.kind}${open ? " open" : ""}`,
      dataset: { path: n.path, ...(isFolder ? {} : { count: String(n.count) }) },
    });
    const toggle = h(
      "button",
      {
        className: "toggle",
        type: "button",
        ariaExpanded: String(open),
        onclick: () => {
          const set = isFolder ? this.closed : this.opened;
          if (set.has(n.path)) set.delete(n.path);
          else set.add(n.path);
          li.replaceWith(this.renderNode(n));
        },
      },
      open ? "▾" : "▸",
    );
    const title = isFolder ? n.path : `${n.name} — ${t("files.series", { count: n.count })}`;
    // A series whose index file opens in a workspace (a .pvd in the mesh view) links there.
    const href =
      n.kind !== "series" ? undefined : n.index ? this.openHref(n.index.path) : this.seriesHref(n);
    const row = h(
      "div",
      { className: "row" },
      toggle,
      href
        ? h("a", { className: "name", href, title }, n.name)
        : h("span", { className: "name", title }, n.name),
    );
    if (n.kind === "series") {
      row.append(h("span", { className: "count" }, `×${n.count}`));
      if (n.index?.format !== undefined) row.append(this.statusLink(n.index.path));
    }
    li.append(row);
    if (open) {
      const ul = h("ul", {});
      // An opened series lists its members; its index is already on the series' own row.
      const children = n.kind === "series" && n.index ? n.children.slice(1) : n.children;
      this.renderNodes(children, ul);
      li.append(ul);
    }
    return li;
  }

  private fileRow(path: string, name: string): HTMLLIElement {
    const file = this.byPath.get(path);
    const format = file?.format === undefined ? undefined : this.formats.get(file.format);
    const title = `${path} (${file?.size ?? 0} B)`;
    const href = this.openHref(path);
    const label = href
      ? h("a", { className: "name", href, title }, name)
      : h("span", { className: "name", title }, name);
    const row = h("div", { className: "row" }, label, format ? this.statusLink(path) : null);
    return h(
      "li",
      { className: `file${path === this.current ? " current" : ""}`, dataset: { path } },
      row,
    );
  }

  /** Where a click on `path` goes: the workspace its format names, or the file check; none for an unknown format. */
  private openHref(path: string): string | undefined {
    const id = this.byPath.get(path)?.format;
    const format = id === undefined ? undefined : this.formats.get(id);
    return format
      ? formatRoute({ workspace: workspaceForFormat(format.workspace), file: path })
      : undefined;
  }

  /**
   * Where a click on a numbered series without an index goes: its members'
   * workspace with the series' pattern (`#/mesh?file=dir/name_#.vtk&series=numbered`,
   * decision 188), when its members are files a workspace plays; else nowhere.
   */
  private seriesHref(n: Extract<TreeNode, { kind: "series" }>): string | undefined {
    const first = n.children[0];
    if (first?.kind !== "file") return undefined;
    const id = this.byPath.get(first.path)?.format;
    const workspace = workspaceForFormat(
      id === undefined ? undefined : this.formats.get(id)?.workspace,
    );
    if (workspace === FILE_WORKSPACE) return undefined;
    const folder = first.path.slice(0, first.path.lastIndexOf("/") + 1);
    return formatRoute({ workspace, file: `${folder}${n.name}`, params: NUMBERED_SERIES });
  }

  /** The status icon of `path`, a link to its file view; starts its check when needed. */
  private statusLink(path: string): HTMLAnchorElement {
    const a = h("a", {
      className: "check",
      href: formatRoute({ workspace: FILE_WORKSPACE, file: path }),
    });
    const file = this.byPath.get(path);
    const key = `${file?.size}:${file?.mtimeMs}`;
    const known = this.statuses.get(path);
    if (known && known.key === key) showStatus(a, known.status);
    else {
      const entry = { key, status: { state: "pending" } as Status };
      this.statuses.set(path, entry);
      showStatus(a, entry.status);
      this.enqueue(async () => {
        try {
          entry.status = { state: "done", reply: await checkProjectFile(path) };
        } catch (e) {
          entry.status = { state: "failed", error: (e as Error).message };
        }
        // The row may have been redrawn meanwhile: update whichever link is in the page now.
        const selector = `a.check[data-path="${CSS.escape(path)}"]`;
        for (const link of this.element.querySelectorAll<HTMLAnchorElement>(selector))
          showStatus(link, entry.status);
      });
    }
    a.dataset.path = path;
    return a;
  }

  /**
   * The background checks wait while `opening` runs (a workspace reading its
   * file): both are parsed by the server, and the file the user asked for
   * gets its cores first. At most {@link HOLD_MS}; a later hold replaces it.
   */
  holdChecks(opening: Promise<unknown>): void {
    const cap = new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    const held = Promise.race([opening.catch(() => undefined), cap]);
    this.held = held;
    void held.then(() => {
      if (this.held !== held) return;
      this.held = undefined;
      this.pump();
    });
  }

  private enqueue(job: () => Promise<void>): void {
    this.queue.push(job);
    this.pump();
  }

  private pump(): void {
    if (this.held) return;
    while (this.running < CHECKS_AT_ONCE && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.running++;
      void job().finally(() => {
        this.running--;
        this.pump();
      });
    }
  }
}

/** Draws a status into its link: icon, count, title, `data-status`. */
function showStatus(a: HTMLAnchorElement, s: Status): void {
  const check = t("files.check");
  if (s.state === "pending") {
    a.dataset.status = "pending";
    a.textContent = "…";
    a.title = check;
  } else if (s.state === "failed") {
    a.dataset.status = "failed";
    a.textContent = "?";
    a.title = `${t("files.status.failed", { error: s.error })} — ${check}`;
  } else if (s.reply.status === "too-large") {
    a.dataset.status = "large";
    a.textContent = "–";
    a.title = `${t("files.status.large")} — ${check}`;
  } else {
    const { errors, warnings } = s.reply;
    a.dataset.status = errors > 0 ? "errors" : warnings > 0 ? "warnings" : "ok";
    a.textContent = errors > 0 ? `✗ ${errors}` : warnings > 0 ? `⚠ ${warnings}` : "✓";
    a.title = `${
      errors + warnings === 0
        ? t("files.status.ok")
        : t("files.status.problems", {
            errors: countText("file.errors", errors, true),
            warnings: countText("file.warnings", warnings, true),
          })
    } — ${check}`;
  }
}
