/** The studio shell: header and tabs from the workspace registry, the project's files, drag-and-drop, language, deep links. */
import "./style.css";
import "./workspaces.js";
import { listFiles, onLinksBroken, writeProjectFile } from "./api.js";
import { h } from "./dom.js";
import { FileList } from "./file-list.js";
import { initialLanguage, LANGUAGES, type Language, language, setLanguage, t, tr } from "./i18n.js";
import { type DroppedFile, dropEntries, planImport, walkEntries } from "./import-drop.js";
import { formatRoute, parseRoute, type Route } from "./route.js";
import { formatOfName } from "./shell/file-kinds.js";
import {
  findWorkspace,
  type Workspace,
  type WorkspaceDescriptor,
  workspaceForFormat,
  workspaces,
} from "./shell/workspace.js";
import { adoptPageToken } from "./token.js";

const fileList = new FileList();
const status = h("div", { className: "status", role: "status" });
/** Says that a save broke hard links (decision 300); stays until the next such save. */
const linkNotice = h("div", { className: "status notice", role: "status", hidden: true });
const tabs = h("nav", { className: "tabs" });
const main = h("main", {});
/** Shown for a route no workspace has. */
const unknown = h("section", { className: "workspace unknown-route", hidden: true });
/** Workspaces made so far, by id. */
const made = new Map<string, Workspace>();
/** The last address of each workspace, so its tab returns to what was open there. */
const lastHash = new Map<string, string>();
let current: { readonly id: string; readonly ws: Workspace } | null = null;
let openedFile: string | undefined;

function build(): void {
  const langSelect = h("select", {
    className: "lang",
    ariaLabel: t("lang.label"),
    onchange: (e: Event) => setLanguage((e.target as HTMLSelectElement).value as Language),
  });
  for (const [code, name] of Object.entries(LANGUAGES))
    langSelect.append(h("option", { value: code, selected: code === language() }, name));
  for (const w of workspaces()) {
    if (!w.tab) continue;
    const a = tr("a", w.label);
    a.href = `#/${w.id}`;
    a.dataset.ws = w.id;
    tabs.append(a);
  }
  main.append(unknown);
  const app = document.getElementById("app")!;
  app.append(
    h(
      "header",
      {},
      tr("h1", "app.title"),
      tabs,
      h("label", { className: "lang-label" }, langSelect),
    ),
    h(
      "div",
      { className: "body" },
      h(
        "aside",
        { className: "files" },
        tr("h2", "files.title"),
        fileList.element,
        tr("p", "files.drop"),
        status,
        linkNotice,
      ),
      main,
    ),
  );
  main.addEventListener("files-changed", () => void refreshFiles());
  onLinksBroken((name, count) => {
    linkNotice.textContent = t("files.linksBroken", { name, count });
    linkNotice.hidden = false;
  });
  window.addEventListener("dragover", (e) => {
    e.preventDefault();
    document.body.classList.add("dragging");
  });
  window.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
  window.addEventListener("drop", (e) => {
    e.preventDefault();
    document.body.classList.remove("dragging");
    // Entries must be taken now: the browser empties the drop's items when this handler returns.
    const { entries, files } = dropEntries(e.dataTransfer);
    void drop(entries, files);
  });
}

async function refreshFiles(): Promise<void> {
  try {
    await fileList.refresh();
  } catch (e) {
    status.textContent = (e as Error).message;
  }
}

/**
 * A drop: a solver's series (a folder or files holding an index the format
 * registry names: a `.pvd`, `.series` or `.vtm`) goes into a new folder
 * `imported/<name>/` and opens in the workspace its format names (the mesh
 * view); other files are added where their drop put them, asking before one
 * is replaced.
 */
async function drop(entries: FileSystemEntry[], files: File[]): Promise<void> {
  try {
    const dropped = await walkEntries(entries, files);
    const listing = await listFiles();
    const plan = planImport(
      dropped,
      listing.files.map((f) => f.path),
      listing.formats,
    );
    if (!plan) {
      await upload(dropped);
      return;
    }
    const count = plan.files.length;
    status.textContent = t("files.importing", { count, folder: plan.folder });
    for (const { target, file } of plan.files) {
      // The folder is new: a file that appeared there meanwhile is not replaced.
      if ((await writeProjectFile(target, file)) === "exists")
        throw new Error(t("files.exists", { name: target }));
    }
    status.textContent = t("files.imported", { count, folder: plan.folder });
    await refreshFiles();
    const opens = formatOfName(listing.formats, plan.open)?.workspace;
    location.hash = formatRoute({ workspace: workspaceForFormat(opens), file: plan.open });
  } catch (e) {
    status.textContent = t("files.importFailed", { error: (e as Error).message });
    await refreshFiles();
  }
}

async function upload(files: readonly DroppedFile[]): Promise<void> {
  for (const { path, file } of files) {
    try {
      let result = await writeProjectFile(path, file);
      if (result === "exists" && confirm(t("files.exists", { name: path }))) {
        result = await writeProjectFile(path, file, true);
      }
      if (result === "ok") status.textContent = t("files.uploaded", { name: path });
    } catch (e) {
      status.textContent = t("files.failed", { name: path, error: (e as Error).message });
    }
  }
  await refreshFiles();
}

/** The workspace `w`, made on first use. */
function workspace(w: WorkspaceDescriptor): Workspace {
  let ws = made.get(w.id);
  if (!ws) {
    ws = w.create();
    ws.element.dataset.ws = w.id;
    made.set(w.id, ws);
    main.append(ws.element);
  }
  return ws;
}

/** Says that no workspace has the route's id, and links to those that exist. */
function showUnknown(id: string): void {
  const links = h("ul", {});
  for (const w of workspaces())
    if (w.tab) links.append(h("li", {}, h("a", { href: `#/${w.id}` }, t(w.label))));
  unknown.replaceChildren(
    h(
      "div",
      { className: "coming-card" },
      h("h2", {}, t("route.unknown", { name: id })),
      h("p", {}, t("route.choose")),
      links,
    ),
  );
  unknown.hidden = false;
}

async function route(r: Route): Promise<void> {
  for (const a of tabs.querySelectorAll<HTMLAnchorElement>("a")) {
    a.classList.toggle("active", a.dataset.ws === r.workspace);
    // The open workspace's tab stays where it is; the others return to their last address.
    const id = a.dataset.ws ?? "";
    a.href = (id !== r.workspace && lastHash.get(id)) || `#/${id}`;
  }
  const w = findWorkspace(r.workspace);
  if (!current || current.id !== w?.id) {
    current?.ws.close();
    for (const ws of made.values()) ws.element.hidden = true;
    current = null;
  }
  unknown.hidden = true;
  if (!w) {
    showUnknown(r.workspace);
    return;
  }
  const ws = workspace(w);
  ws.element.hidden = false;
  current = { id: w.id, ws };
  if (r.file && r.file !== openedFile && w.playsFiles) {
    openedFile = r.file;
    fileList.setCurrent(r.file);
  }
  await ws.open(r);
}

setLanguage(initialLanguage());
build();
setLanguage(language());
window.addEventListener("hashchange", (e) => {
  // Remember where the workspace we leave was (including times it wrote with replaceState).
  if (current) lastHash.set(current.id, new URL(e.oldURL).hash);
  fileList.holdChecks(route(parseRoute(location.hash)));
});
// The token first: every request after it carries it (decision 247). Then a deep link's
// workspace starts reading its file (decision 223), and the file list and the workspace load
// side by side.
void adoptPageToken().then(() => {
  const first = parseRoute(location.hash);
  findWorkspace(first.workspace)?.prefetch?.(first);
  // The file list's checks wait until the workspace has opened its file (decision 296).
  const opening = route(first);
  fileList.holdChecks(opening);
  void refreshFiles();
});
