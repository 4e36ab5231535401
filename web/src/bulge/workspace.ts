/**
 * The Bulges workspace: opens the project's `misc_data/bulge_types` (made
 * from the default catalogue when the project has none, never overwriting),
 * reads the project's rigs, and lays out the panels that share one
 * {@link BulgeSession}: the lister, the error log with the source, the
 * section editor, the toolbar and the 3-D preview. Deep link:
 * `#/bulge?code=<N>&flex=<degrees>` (and `file=` for another catalogue;
 * `character=<.glb>&mesh=<name>&joint=<name>` for a glTF character shown).
 * Embedded (`<deforma-bulge>`, web/src/bulge/element.ts): the same workspace
 * read-only — the lister to switch the definition shown and the preview —
 * over the page's own files, never writing the address.
 */
import "./bulge.css";
import "./panes.css";
import { CATALOGUE_PATH, loadBulgeProject } from "../../../src/bulge/index.js";
import { h } from "../dom.js";
import { onLanguageChange, t, tr } from "../i18n.js";
import { formatRoute, type Route } from "../route.js";
import { typingTarget } from "../shell/keys.js";
import { shareButton } from "../shell/share.js";
import type { Workspace } from "../shell/workspace.js";
import { ErrlogPanel } from "./errlog-panel.js";
import { ListerPanel } from "./lister.js";
import { BulgePreview } from "./preview.js";
import { isGltfSource, type PreviewSource } from "./preview-pickers.js";
import { previewSources } from "./preview-sources.js";
import { type BulgeFiles, STUDIO_FILES } from "./project-files.js";
import { SectionEditor } from "./section-editor.js";
import { BulgeSession, type ProjectRig } from "./session.js";
import { BulgeToolbar } from "./toolbar.js";
import "./strings.js";

/** How the workspace is made (the studio's: no options). */
export interface BulgeWorkspaceOptions {
  /** The project's files (default: the studio's file API). */
  readonly files?: BulgeFiles;
  /** Read-only, for `<deforma-bulge>` (see the module comment). */
  readonly embedded?: boolean;
}

/** What is made per open catalogue and freed on close. */
interface Opened {
  readonly session: BulgeSession;
  readonly parts: { element: HTMLElement; render?(): void; dispose?(): void }[];
  /** The studio's toolbar (none embedded). */
  readonly toolbar: BulgeToolbar | undefined;
  readonly preview: BulgePreview;
  flex: number;
  /** What the preview offers (set once the project's files are listed). */
  sources?: readonly PreviewSource[];
  /** What the preview shows (a character with its mesh and joint, for the address). */
  shown?: PreviewSource;
  readonly off: (() => void)[];
}

/** The character, mesh and joint a link asks the preview for. */
type WantedCharacter = {
  readonly gltf?: string | undefined;
  readonly mesh?: string | undefined;
  readonly joint?: string | undefined;
};

/** The workspace; made once by the shell, then opened and closed per route. */
export class BulgeWorkspace implements Workspace {
  readonly element: HTMLElement;
  private readonly files: BulgeFiles;
  private readonly embedded: boolean;
  private opened: Opened | null = null;
  /** A catalogue with unsaved edits kept while the workspace is closed (leaving the tab loses nothing). */
  private kept: BulgeSession | null = null;
  private generation = 0;
  private readonly ui = {
    message: h("div", { className: "message" }),
    left: h("aside", { className: "bulge-left" }),
    centre: h("div", { className: "bulge-centre" }),
    right: h("div", { className: "bulge-right" }),
  };
  private readonly onKey = (e: KeyboardEvent) => this.key(e);
  /** The code of the deep link when no definition has it (kept in the address until a selection). */
  private unknownCode: string | undefined;
  private readonly unknown = h("p", { className: "bulge-notice refusal", role: "alert" });
  /** The link's character (by path), mesh and joint; the preview shows them when they exist. */
  private wanted: WantedCharacter = {};

  /** Shows `text` above the editor until a definition is selected. */
  private notice(text: string): void {
    this.unknown.textContent = text;
    this.unknown.hidden = false;
  }

  constructor(options: BulgeWorkspaceOptions = {}) {
    const u = this.ui;
    this.files = options.files ?? STUDIO_FILES;
    this.embedded = options.embedded === true;
    const className = `workspace bulge${this.embedded ? " embedded" : ""}`;
    this.element = h("section", { className });
    this.element.append(
      u.message,
      h("div", { className: "bulge-grid" }, u.left, u.centre, u.right),
    );
    if (!this.embedded)
      window.addEventListener("beforeunload", (e) => {
        if ((this.opened?.session ?? this.kept)?.unsaved) e.preventDefault();
      });
    onLanguageChange(() => {
      for (const p of this.opened?.parts ?? []) p.render?.();
      this.opened?.toolbar?.render();
    });
  }

  /** The session and preview once a catalogue is open (`<deforma-bulge>` drives them). */
  get shown(): { session: BulgeSession; preview: BulgePreview } | undefined {
    return this.opened ?? undefined;
  }

  /** Settles once the preview's first character has loaded (or failed: the preview says so). */
  get previewed(): Promise<void> {
    return this.previewing;
  }
  private previewing: Promise<void> = Promise.resolve();

  /** Opens the route's catalogue (the project's by default), then applies `code` and `flex`. */
  async open(route: Route): Promise<void> {
    const path = route.file ?? CATALOGUE_PATH;
    const p = route.params ?? {};
    this.wanted = { gltf: p.character, mesh: p.mesh, joint: p.joint };
    const edited = this.opened?.session ?? this.kept;
    if (edited?.unsaved && edited.path !== path) {
      if (!window.confirm(t("bulge.discard", { file: edited.path }))) {
        if (this.opened) this.writeRoute();
        else window.location.hash = formatRoute({ workspace: "bulge", file: edited.path });
        return;
      }
      edited.history.clear();
      edited.load(edited.text);
    }
    if (!this.opened || this.opened.session.path !== path) {
      this.close();
      const generation = ++this.generation;
      const ok = await this.load(path, generation);
      if (!ok || generation !== this.generation) return;
    } else this.showWanted();
    const o = this.opened!;
    const code = Number(route.params?.code);
    this.unknownCode = undefined;
    if (
      route.params?.code !== undefined &&
      !(Number.isInteger(code) && o.session.selectCode(code))
    ) {
      // An unknown code selects nothing (showing another definition would pass it off as that code).
      this.unknownCode = route.params.code;
      o.session.select(-1);
      this.notice(t("bulge.noCode", { code: route.params.code }));
      o.toolbar?.say(t("bulge.noCode", { code: route.params.code }));
    }
    const flex = Number(route.params?.flex);
    if (route.params?.flex !== undefined && Number.isFinite(flex)) {
      o.flex = flex;
      o.preview.setFlex(flex);
    }
    this.element.dataset.state = "ready";
  }

  /** Reads (or creates) the catalogue, the rigs, and builds the panels. */
  private async load(path: string, generation: number): Promise<boolean> {
    const u = this.ui;
    const kept = this.kept;
    if (kept) {
      this.kept = null;
      if (kept.path === path) {
        this.build(kept);
        u.message.hidden = true;
        this.previewing = this.loadPreview(kept.rigs);
        return true;
      }
      kept.dispose();
    }
    u.message.replaceChildren(h("p", {}, t("bulge.loading", { file: path })));
    u.message.hidden = false;
    // The one loader the CLI uses too: Alias copies the default catalogue into misc_data when
    // there is none (never over a file).
    const project = await loadBulgeProject(this.files, {
      catalogue: path,
      create: path === CATALOGUE_PATH,
    });
    const catalogue = project.catalogue;
    const created = catalogue.status === "ok" && catalogue.created;
    // The sidebar lists the new file (with its check result).
    if (created) this.element.dispatchEvent(new CustomEvent("files-changed", { bubbles: true }));
    if (generation !== this.generation) return false;
    if (catalogue.status !== "ok") {
      const message =
        catalogue.status === "missing"
          ? t("bulge.missing", { file: path })
          : t("bulge.unreadable", { file: path, reason: catalogue.reason });
      u.message.replaceChildren(h("p", { className: "error" }, message));
      this.element.dataset.state = "error";
      return false;
    }
    const session = new BulgeSession(path);
    session.rigs = project.rigs.flatMap((r) => (r.rig ? [{ path: r.path, rig: r.rig }] : []));
    session.load(catalogue.text);
    this.build(session);
    if (created) this.opened!.toolbar?.say(t("bulge.created", { file: path }));
    u.message.hidden = true;
    this.previewing = this.loadPreview(session.rigs);
    return true;
  }

  /**
   * Offers the project's rigs with OBJ meshes and its glTF characters to the
   * preview, and loads the first rig with a bulge attribute (else the first
   * source).
   */
  private async loadPreview(rigs: readonly ProjectRig[]): Promise<void> {
    const o = this.opened;
    if (!o) return;
    const sources = await previewSources(rigs, this.files.listFiles);
    if (this.opened !== o) return;
    const bulged = sources.findIndex(
      (s) =>
        !isGltfSource(s) && rigs.find((r) => r.path === s.rigPath)?.rig.joints.some((j) => j.bulge),
    );
    const w = this.wanted;
    const linked = sources.findIndex((s) => isGltfSource(s) && s.gltf === w.gltf);
    const shown = linked >= 0 ? linked : Math.max(bulged, 0);
    const found = sources[shown];
    if (!found) return;
    const source = linked >= 0 ? { ...found, ...pickOf(w) } : found;
    o.sources = sources;
    o.preview.setSources(sources, shown);
    try {
      await o.preview.load(source);
      if (this.opened !== o) return;
      o.preview.setDefinition(o.session.current);
      o.preview.setFlex(o.flex);
    } catch {
      /* the preview says what went wrong itself */
    }
  }

  /** Shows the link's character when it differs from the one shown (a link followed in an open workspace). */
  private showWanted(): void {
    const o = this.opened;
    const w = this.wanted;
    const s = o?.shown;
    if (!o || w.gltf === undefined || !o.sources) return;
    const at = o.sources.findIndex((x) => isGltfSource(x) && x.gltf === w.gltf);
    const found = o.sources[at];
    if (!found) return;
    if (s && isGltfSource(s) && s.gltf === w.gltf && s.mesh === w.mesh && s.joint === w.joint)
      return;
    o.preview.setSources(o.sources, at);
    void o.preview.load({ ...found, ...pickOf(w) });
  }

  private build(session: BulgeSession): void {
    const u = this.ui;
    const wide = window.innerWidth >= 1100;
    const embedded = this.embedded;
    const toolbar = embedded ? undefined : new BulgeToolbar(session, wide);
    const lister = new ListerPanel(session, embedded);
    const preview = new BulgePreview({ read: this.files.read, embedded });
    const previewPanel = h(
      "section",
      { className: "panel preview" },
      tr("h2", "bulge.preview"),
      preview.element,
    );
    const editing = toolbar ? this.editing(session, toolbar) : undefined;
    const o: Opened = {
      session,
      parts: [lister, ...(editing?.parts ?? [])],
      toolbar,
      preview,
      flex: 0,
      off: [],
    };
    this.opened = o;
    const show = () => preview.setDefinition(session.current);
    this.unknown.hidden = true;
    o.off.push(
      session.signals.selection.add(() => {
        if (session.current) {
          this.unknownCode = undefined;
          this.unknown.hidden = true;
        }
        show();
        this.writeRoute();
      }),
      session.signals.definition.add(show),
      preview.flexChanged((deg) => {
        o.flex = deg;
        this.writeRoute();
      }),
      preview.sourceShown((s) => {
        o.shown = s;
        this.writeRoute();
      }),
    );
    u.left.replaceChildren(lister.element, ...(editing ? [editing.errlog.element] : []));
    u.centre.replaceChildren(
      ...(editing ? [editing.toolbar.element, this.unknown, editing.editor.element] : []),
    );
    u.right.replaceChildren(previewPanel);
    if (!embedded) window.addEventListener("keydown", this.onKey);
    show();
  }

  /** The studio's editing panels: the error log, the section editor, and the toolbar with "Share as HTML". */
  private editing(session: BulgeSession, toolbar: BulgeToolbar) {
    const errlog = new ErrlogPanel(session);
    const editor = new SectionEditor(session);
    // The page shares what the preview shows: its rig (with the OBJ) or its glTF character, and the catalogue beside it.
    const shared = () => {
      const s = this.opened?.shown;
      return s ? (isGltfSource(s) ? s.gltf : s.rigPath) : undefined;
    };
    toolbar.addTool(shareButton(shared, (m) => toolbar.say(m), false));
    return { errlog, editor, toolbar, parts: [errlog, editor, toolbar] };
  }

  /** Keeps the address bar a link to what is shown (catalogue, code, flex). */
  private writeRoute(): void {
    const o = this.opened;
    if (!o || this.element.hidden || this.embedded) return;
    const d = o.session.current;
    const params: Record<string, string> = {};
    if (d) params.code = String(d.code);
    else if (this.unknownCode !== undefined) params.code = this.unknownCode;
    if (o.flex !== 0) params.flex = String(+o.flex.toFixed(2));
    const c = o.shown;
    if (c && isGltfSource(c)) {
      params.character = c.gltf;
      if (c.mesh !== undefined) params.mesh = c.mesh;
      if (c.joint !== undefined) params.joint = c.joint;
    }
    const file = o.session.path === CATALOGUE_PATH ? {} : { file: o.session.path };
    history.replaceState(null, "", formatRoute({ workspace: "bulge", ...file, params }));
  }

  /** Frees the panels, the preview and the listeners. */
  close(): void {
    this.generation++;
    window.removeEventListener("keydown", this.onKey);
    const o = this.opened;
    if (o) {
      for (const f of o.off) f();
      for (const p of o.parts) p.dispose?.();
      o.preview.dispose();
      if (o.session.unsaved) this.kept = o.session;
      else o.session.dispose();
    }
    this.opened = null;
    delete this.element.dataset.state;
    const u = this.ui;
    for (const el of [u.left, u.centre, u.right]) el.replaceChildren();
    u.message.replaceChildren();
    u.message.hidden = true;
  }

  /** Undo, redo and save keys, not while typing in a field. */
  private key(e: KeyboardEvent): void {
    const o = this.opened;
    if (!o?.toolbar || this.element.hidden || typingTarget(e.target)) return;
    if (o.toolbar.key(e)) e.preventDefault();
  }
}

/** The mesh and joint a link names (none: the preview's defaults). */
function pickOf(w: WantedCharacter): { mesh?: string; joint?: string } {
  return {
    ...(w.mesh !== undefined ? { mesh: w.mesh } : {}),
    ...(w.joint !== undefined ? { joint: w.joint } : {}),
  };
}
