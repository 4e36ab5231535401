/**
 * The Live workspace: plays a scene (`#/live?scene=<path>`, or `file=` from
 * the file list; by default the demo's face, or else the project's first
 * `.scene.json` that loads) on a canvas at
 * its tick rate on the shared clock, with a button per event, a slider per
 * signal, the player's state, overlays, the engine switch, single-step, GIF
 * export, and dragging of control points in key frames (saved at once).
 * Keys: Space plays or pauses, → shows one tick, Ctrl+Z / Ctrl+Shift+Z undo
 * and redo a move.
 */
import "./live.css";
import type { RgbaImage } from "../../../src/live/index.js";
import { h } from "../dom.js";
import { onLanguageChange, t } from "../i18n.js";
import { formatRoute, type Route } from "../route.js";
import { typingTarget } from "../shell/keys.js";
import { ProblemsList } from "../shell/problems.js";
import { shareButton } from "../shell/share.js";
import type { Workspace } from "../shell/workspace.js";
import { PointEditor } from "./edits.js";
import { workerFits } from "./fit-runner.js";
import { exportPlayedGif } from "./gif-export.js";
import { firstPlayable, type LoadResult, loadScene, sceneCandidates } from "./loader.js";
import type { OverlayOptions } from "./overlays.js";
import { LivePanel } from "./panel.js";
import { LiveSession } from "./session.js";
import { Stage } from "./stage.js";
import { LiveToolbar, liveButton } from "./toolbar.js";
import "./strings.js";

/** What is made per open scene and freed on close. */
interface Opened {
  readonly session: LiveSession;
  readonly stage: Stage;
  readonly toolbar: LiveToolbar;
  readonly panel: LivePanel;
  readonly editor: PointEditor;
  readonly off: (() => void)[];
}

/** The workspace; made once by the shell, then opened and closed per route. */
export class LiveWorkspace implements Workspace {
  readonly element = h("section", { className: "workspace live" });
  private opened: Opened | null = null;
  private generation = 0;
  private readonly overlays: OverlayOptions = {
    points: true,
    cuts: true,
    discs: false,
    regions: true,
  };
  /** Decoded pictures by project path, kept across reloads of a scene. */
  private readonly images = new Map<string, RgbaImage>();
  private readonly problems = new ProblemsList();
  private readonly ui = {
    message: h("div", { className: "message" }),
    main: h("div", { className: "live-main" }),
    side: h("aside", { className: "live-side" }),
  };
  private readonly onKey = (e: KeyboardEvent) => this.key(e);

  constructor() {
    const u = this.ui;
    this.element.append(
      u.message,
      this.problems.element,
      h("div", { className: "live-grid" }, u.main, u.side),
    );
    onLanguageChange(() => {
      const o = this.opened;
      if (!o) return;
      o.toolbar.render();
      o.panel.render();
    });
  }

  /** Opens the route's scene (or the project's first one) and plays it. */
  async open(route: Route): Promise<void> {
    const generation = ++this.generation;
    let path = route.params?.scene ?? route.file;
    if (path !== undefined && this.opened?.session.loaded.path === path) {
      this.element.dataset.state = "ready";
      return;
    }
    this.shut();
    this.say(t("live.loading", { file: path ?? "*.scene.json" }));
    let r: LoadResult;
    if (path === undefined) {
      const found = await sceneCandidates()
        .then((paths) => firstPlayable(paths, (p) => loadScene(p, this.images)))
        .catch(() => undefined);
      if (generation !== this.generation) return;
      if (found === undefined) return this.fail(t("live.noScene"));
      path = found.path;
      r = found.result;
    } else r = await loadScene(path, this.images);
    if (generation !== this.generation) return;
    this.problems.show(r.report, "live.problems");
    if (!r.ok) return this.fail(r.message);
    let session: LiveSession;
    try {
      session = new LiveSession(r.loaded, undefined, undefined, workerFits(this.fitsPending));
    } catch (e) {
      // The player refuses a scene the reader let through (a caller's bug): say so, do not hang.
      return this.fail((e as Error).message);
    }
    this.build(session);
    this.ui.message.hidden = true;
    this.element.dataset.state = "ready";
    this.writeRoute();
    this.opened?.session.play();
  }

  /** While the improved engine's first fit of a pair is on its way, say that classic in-betweens stand in (decision 357). */
  private readonly fitsPending = (n: number): void => {
    this.element.dataset.fitting = String(n);
    const toolbar = this.opened?.toolbar;
    const showing = toolbar?.status.textContent === t("live.fitting");
    if (n > 0 && !showing) {
      this.beforeFitting = toolbar?.status.textContent ?? "";
      toolbar?.say(t("live.fitting"));
    } else if (n === 0 && showing) toolbar?.say(this.beforeFitting);
  };
  /** The status line's message before "fitting" replaced it (shown again after). */
  private beforeFitting = "";

  private say(message: string, error = false): void {
    const u = this.ui.message;
    u.replaceChildren(h("p", { className: error ? "error" : "" }, message));
    u.hidden = false;
  }

  private fail(message: string): void {
    this.say(message, true);
    this.element.dataset.state = "error";
  }

  private build(session: LiveSession): void {
    const wide = window.innerWidth >= 1100;
    const stage = new Stage(this.overlays, session.scene.params.radiusCorrection);
    const toolbar = new LiveToolbar(
      session,
      this.overlays,
      { overlaysChanged: () => stage.redraw(), exportGif: () => void this.exportGif() },
      wide,
    );
    const panel = new LivePanel(session);
    const editor = new PointEditor(
      session,
      this.images,
      (m) => toolbar.say(m),
      () => this.element.dispatchEvent(new CustomEvent("files-changed", { bubbles: true })),
    );
    const undo = liveButton("undo", "undo", "live.undo", () => void editor.undo(), wide);
    const redo = liveButton("redo", "redo", "live.redo", () => void editor.redo(), wide);
    const share = shareButton(
      () => session.loaded.path,
      (m) => toolbar.say(m),
      wide,
    );
    toolbar.element.append(share);
    panel.editTools.append(undo, redo);
    const renderEdits = () => {
      undo.disabled = !editor.canUndo;
      redo.disabled = !editor.canRedo;
    };
    renderEdits();
    stage.onMove = (m) => {
      const name = session.state.pointNames[m.index]!;
      void editor.move(m.frame, name, m.x, m.y);
    };
    const show = () => stage.show(session.view());
    const o: Opened = {
      session,
      stage,
      toolbar,
      panel,
      editor,
      off: [session.shown.add(show), session.changed.add(show), editor.changed.add(renderEdits)],
    };
    this.opened = o;
    this.ui.main.replaceChildren(toolbar.element, stage.element);
    this.ui.side.replaceChildren(panel.element);
    window.addEventListener("keydown", this.onKey);
    show();
    stage.fit();
  }

  /** Encodes the frames played last (the ring) as a GIF and offers it as a download. */
  private async exportGif(): Promise<void> {
    const o = this.opened;
    if (!o) return;
    await exportPlayedGif(
      o.session,
      (m) => o.toolbar.say(m),
      () => this.opened === o,
    );
  }

  /** Keeps the address bar a link to the scene shown. */
  private writeRoute(): void {
    const o = this.opened;
    if (!o || this.element.hidden) return;
    const route = formatRoute({ workspace: "live", params: { scene: o.session.loaded.path } });
    history.replaceState(null, "", route);
  }

  /** Frees what the open scene made. */
  private shut(): void {
    window.removeEventListener("keydown", this.onKey);
    const o = this.opened;
    if (o) {
      for (const f of o.off) f();
      o.session.dispose();
      o.stage.dispose();
      o.toolbar.dispose();
      o.panel.dispose();
      o.editor.dispose();
    }
    this.opened = null;
    delete this.element.dataset.state;
    this.ui.main.replaceChildren();
    this.ui.side.replaceChildren();
    this.problems.clear();
  }

  close(): void {
    this.generation++;
    this.shut();
    this.ui.message.hidden = true;
  }

  /** Space plays or pauses, → one tick, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo a move. */
  private key(e: KeyboardEvent): void {
    const o = this.opened;
    if (!o || this.element.hidden || typingTarget(e.target, e.key === " ")) return;
    if (e.ctrlKey || e.metaKey) {
      const k = e.key.toLowerCase();
      if (k === "z" && !e.shiftKey) void o.editor.undo();
      else if ((k === "z" && e.shiftKey) || k === "y") void o.editor.redo();
      else return;
    } else if (e.key === " ") o.session.toggle();
    else if (e.key === "ArrowRight") o.session.step();
    else return;
    e.preventDefault();
  }
}
