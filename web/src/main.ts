/** The studio shell: workspaces, the project's files, drag-and-drop, language, deep links. */
import "./style.css";
import { writeProjectFile } from "./api.js";
import { h } from "./dom.js";
import { FileList } from "./file-list.js";
import { FileView } from "./file-view.js";
import { initialLanguage, LANGUAGES, type Language, language, setLanguage, t, tr } from "./i18n.js";
import { MixedWorkspace } from "./mixed/workspace.js";
import { parseRoute, type Route } from "./route.js";

const mixed = new MixedWorkspace();
const fileView = new FileView();
const coming = h("section", { className: "workspace coming" }, tr("p", "ws.coming"));
const fileList = new FileList();
const status = h("div", { className: "status", role: "status" });
const tabs = h("nav", { className: "tabs" });
let openedFile: string | undefined;

function build(): void {
  const langSelect = h("select", {
    className: "lang",
    ariaLabel: t("lang.label"),
    onchange: (e: Event) => setLanguage((e.target as HTMLSelectElement).value as Language),
  });
  for (const [code, name] of Object.entries(LANGUAGES))
    langSelect.append(h("option", { value: code, selected: code === language() }, name));
  for (const [ws, key] of [
    ["mixed", "ws.mixed"],
    ["bulge", "ws.bulge"],
    ["live", "ws.live"],
  ] as const) {
    const a = tr("a", key);
    a.href = `#/${ws}`;
    a.dataset.ws = ws;
    tabs.append(a);
  }
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
      ),
      h("main", {}, mixed.element, fileView.element, coming),
    ),
  );
  mixed.element.addEventListener("files-changed", () => void refreshFiles());
  window.addEventListener("dragover", (e) => {
    e.preventDefault();
    document.body.classList.add("dragging");
  });
  window.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
  window.addEventListener("drop", (e) => {
    e.preventDefault();
    document.body.classList.remove("dragging");
    void upload([...(e.dataTransfer?.files ?? [])]);
  });
}

async function refreshFiles(): Promise<void> {
  try {
    await fileList.refresh();
  } catch (e) {
    status.textContent = (e as Error).message;
  }
}

async function upload(files: File[]): Promise<void> {
  for (const file of files) {
    try {
      let result = await writeProjectFile(file.name, file);
      if (result === "exists" && confirm(t("files.exists", { name: file.name }))) {
        result = await writeProjectFile(file.name, file, true);
      }
      if (result === "ok") status.textContent = t("files.uploaded", { name: file.name });
    } catch (e) {
      status.textContent = t("files.failed", { name: file.name, error: (e as Error).message });
    }
  }
  await refreshFiles();
}

async function route(r: Route): Promise<void> {
  for (const a of tabs.querySelectorAll<HTMLAnchorElement>("a"))
    a.classList.toggle("active", a.dataset.ws === r.workspace);
  mixed.element.hidden = r.workspace !== "mixed";
  fileView.element.hidden = r.workspace !== "file";
  coming.hidden = r.workspace === "mixed" || r.workspace === "file";
  if (r.workspace === "file") {
    if (r.file) await fileView.show(r.file);
    return;
  }
  if (r.workspace !== "mixed") return;
  if (r.file && r.file !== openedFile) {
    openedFile = r.file;
    fileList.setCurrent(r.file);
    await mixed.openFile(r.file, r.t);
  }
}

setLanguage(initialLanguage());
build();
setLanguage(language());
window.addEventListener("hashchange", () => {
  const r = parseRoute(location.hash);
  // A new time for the open file re-opens it at that time.
  if (r.file === openedFile && r.t) openedFile = undefined;
  void route(r);
});
void refreshFiles().then(() => route(parseRoute(location.hash || "#/mixed")));
