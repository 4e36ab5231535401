/**
 * The Mixed animation workspace: opens an `.amx` from the project through the
 * same loader the CLI uses, shows its problems, and lays out the panels that
 * share one {@link MixedSession}: bodies, legends, probe, view and export
 * tools, hover tooltip and the timeline. It owns the layout and the session's
 * life; the panels do the rest. The mesh workspace (`#/mesh`) is the same
 * workspace with another {@link SceneLoader}: one mesh animation alone.
 */
import "./mixed.css";
import { decodeText } from "../../../src/core/bytes.js";
import type { FileSource } from "../../../src/core/file-source.js";
import type { FileReport } from "../../../src/core/report.js";
import { reportHasErrors } from "../../../src/core/report.js";
import type { MeshAnimation } from "../../../src/mixed/agr/index.js";
import { loadMixedFolder } from "../../../src/mixed/load/index.js";
import { buildMixedScene, MixedSampler, type MixedScene } from "../../../src/mixed/sample/index.js";
import { readProjectFile } from "../api.js";
import { h } from "../dom.js";
import { type MessageKey, onLanguageChange, t, tr } from "../i18n.js";
import { formatRoute, type Route, routeSeconds } from "../route.js";
import { typingTarget } from "../shell/keys.js";
import { ProblemsList } from "../shell/problems.js";
import { shareButton } from "../shell/share.js";
import { TimelineBar } from "../shell/timeline.js";
import type { Workspace } from "../shell/workspace.js";
import { BodyPanel } from "./body-panel.js";
import type { FrameSource } from "./frame-source.js";
import { HoverTooltip } from "./hover.js";
import { LegendPanel } from "./legend-panel.js";
import { ProbePanel } from "./probe-panel.js";
import { prepareRenderer } from "./renderer.js";
import { MixedSession } from "./session.js";
import { ViewTools } from "./view-tools.js";
import { MixedViewer } from "./viewer.js";
import "./strings.js";

/** What is made per open animation and freed on close. */
interface Opened {
  readonly session: MixedSession;
  readonly parts: Part[];
  timeline: TimelineBar;
}

/** What a {@link SceneLoader} made of a file: findings, and the scene when it can be shown. */
export interface LoadedScene {
  readonly report: readonly FileReport[];
  readonly scene?: MixedScene | undefined;
  /** A line saying what was chosen for the user (shown above the view; called again on a language switch). */
  readonly note?: (() => string) | undefined;
  /** Where mesh frames come from when not from the loaded animation (a streamed `.agr`). */
  readonly sources?: ReadonlyMap<MeshAnimation, FrameSource> | undefined;
  /** The sources hold every frame soon (a shared page's series being decoded), not a streamed file's window. */
  readonly decoding?: boolean | undefined;
  /** Called with the session once it exists (the scalar chosen, say), before the first frame. */
  readonly ready?: ((session: MixedSession) => void) | undefined;
}

/** Makes the scene of a route's file (read, with its companions, through the project API). */
export type SceneLoader = (file: string, route: Route) => Promise<LoadedScene>;

/** The bytes of a project file, or a report saying why it cannot be read. */
export async function readSceneFile(file: string): Promise<Uint8Array | LoadedScene> {
  const input = await readProjectFile(file);
  return input.status === "ok" ? input.bytes : sceneFileFailure(file, input);
}

/** The report of a file the API could not give (missing or unreadable). */
export function sceneFileFailure(
  file: string,
  input: Exclude<FileSource, { status: "ok" }>,
): LoadedScene {
  const message =
    input.status === "missing"
      ? t("mixed.missing", { file })
      : t("mixed.unreadable", { file, reason: input.reason });
  return {
    report: [
      { file, diagnostics: [{ code: "AMX100", severity: "error", message, start: 0, end: 0 }] },
    ],
  };
}

/** Loads an `.amx` with the files it names, as `mixed` commands do. */
export const loadAmxScene: SceneLoader = async (file) => {
  const bytes = await readSceneFile(file);
  if (!(bytes instanceof Uint8Array)) return bytes;
  const folder = await loadMixedFolder(file, decodeText(bytes), readProjectFile);
  const scene = reportHasErrors(folder.report) ? undefined : buildMixedScene(folder);
  return { report: folder.report, scene };
};

/** How a {@link MixedWorkspace} is set up: its route id, loader and what it says before a file is open. */
export interface MixedWorkspaceOptions {
  readonly id: string;
  readonly load: SceneLoader;
  readonly pick: MessageKey;
  /**
   * Inside `<deforma-mesh>` on someone's page: the address is not rewritten,
   * keys are heard only while the element has the focus, and nothing asks
   * the studio's server (no exports, no "Share as HTML").
   */
  readonly embedded?: boolean;
  /**
   * The studio's tools for an open animation (the export panel: glTF and
   * VTK), shown in the toolbar unless frames are streamed. Given by the
   * studio's composition root only, so the player bundle, which never shows
   * them, leaves their code (glTF-Transform, the writers) out (decision 344).
   */
  readonly tools?: (session: MixedSession) => Part;
}

/** A panel made per open animation and freed on close. */
export interface Part {
  readonly element: HTMLElement;
  render?(): void;
  dispose?(): void;
}

/** The workspace; made once by the shell, then opened and closed per route. */
export class MixedWorkspace implements Workspace {
  readonly element: HTMLElement;
  private opened: Opened | null = null;
  private file: string | undefined;
  private note: (() => string) | undefined;
  private streamed = false;
  /** The last report shown, re-rendered on a language switch. */
  private report: { report: readonly FileReport[]; playable: boolean } | null = null;
  /** Counts opens so a slow load that was overtaken is dropped. */
  private generation = 0;
  private readonly ui = {
    message: h("div", { className: "message" }),
    note: h("p", { className: "load-note", hidden: true }),
    problems: new ProblemsList(),
    toolbar: h("div", { className: "toolbar" }),
    view: h("div", { className: "view" }),
    stage: h("div", { className: "stage" }),
    gridLabel: h("div", { className: "grid-label" }),
    waitNote: h("div", { className: "wait-note", hidden: true }),
    legends: h("div", { className: "legend-strip" }),
    timeline: h("div", { className: "timeline-slot" }),
    side: h("aside", { className: "side" }),
  };
  private readonly onKey = (e: KeyboardEvent) => this.key(e);
  /** Where keys are heard: the window, or the element itself when embedded. */
  private readonly keys: Pick<EventTarget, "addEventListener" | "removeEventListener">;

  constructor(
    private readonly options: MixedWorkspaceOptions = {
      id: "mixed",
      load: loadAmxScene,
      pick: "mixed.pick",
    },
  ) {
    this.element = h("section", { className: `workspace mixed ${options.id}` });
    this.keys = options.embedded ? this.element : window;
    if (options.embedded) this.element.tabIndex = 0;
    const u = this.ui;
    u.message.append(tr("p", options.pick));
    u.view.append(u.stage, u.gridLabel, u.waitNote);
    this.element.append(
      h(
        "div",
        { className: "main" },
        u.message,
        u.problems.element,
        u.note,
        u.toolbar,
        u.view,
        u.legends,
        u.timeline,
      ),
      u.side,
    );
    onLanguageChange(() => this.translate());
  }

  /** Opens the route's `.amx` (a new time for the open file only seeks). */
  async open(route: Route): Promise<void> {
    if (!route.file) return;
    if (route.file === this.file && this.opened) {
      const c = this.opened.session.clock;
      // A link with a time shows that moment, paused, as when the file is opened with it.
      if (route.t) {
        c.pause();
        c.seek(routeSeconds(route.t, c.start, c.end));
      }
      return;
    }
    this.close();
    const file = route.file;
    const generation = ++this.generation;
    this.file = file;
    const u = this.ui;
    u.message.replaceChildren(h("p", {}, t("mixed.loading", { file })));
    u.message.hidden = false;
    const loading = this.options.load(file, route);
    // The viewer's WebGL context is made while the file is read, not after (decision 372).
    prepareRenderer();
    const loaded = await loading;
    if (generation !== this.generation) return;
    const scene = loaded.scene;
    this.showReport(loaded.report, scene !== undefined);
    if (!scene) return;
    this.note = loaded.note;
    this.showNote();
    u.message.hidden = true;
    const sampler = new MixedSampler(scene);
    const viewer = new MixedViewer(u.stage, scene, sampler, loaded.sources);
    const session = new MixedSession(file, scene, sampler, viewer);
    viewer.gridChanged.add((spacing) => this.showGrid(spacing));
    // Playback holds on a mesh frame not yet on the GPU (decision 351): said over the view,
    // where the text cannot move the layout (a canvas resize waits for the GPU to finish).
    viewer.waitingChanged.add((w) => {
      u.waitNote.hidden = !w;
      if (w) u.waitNote.textContent = t("mixed.waiting", { frame: w.frame, percent: w.percent });
    });
    // A streamed animation holds only some frames: nothing to export from or probe over time.
    this.streamed = (loaded.sources?.size ?? 0) > 0 && !loaded.decoding;
    if (this.streamed) this.element.dataset.streamed = "true";
    loaded.ready?.(session);
    this.opened = { session, parts: [], timeline: this.timeline(session) };
    this.buildPanels();
    viewer.renderer.domElement.addEventListener("pointerdown", (e) => this.startClick(e));
    this.keys.addEventListener("keydown", this.onKey as EventListener);
    session.clock.seek(route.t ? routeSeconds(route.t, scene.start, scene.end) : scene.start);
    viewer.fit();
    this.element.dataset.state = "ready";
    // The first frame is drawn: the mark `npm run bench` times an open by (bench/mesh-open.ts).
    requestAnimationFrame(() =>
      performance.mark("deforma:ready", { detail: { workspace: this.options.id, file } }),
    );
    if (!route.t) session.clock.play();
  }

  /** The open animation's session (clock, viewer, probe), if one is open. */
  get session(): MixedSession | undefined {
    return this.opened?.session;
  }

  /** Stops playback, frees the view and every panel. */
  close(): void {
    this.generation++;
    this.keys.removeEventListener("keydown", this.onKey as EventListener);
    const o = this.opened;
    if (o) {
      o.timeline.dispose();
      for (const p of o.parts) p.dispose?.();
      o.session.dispose();
    }
    this.opened = null;
    this.file = undefined;
    this.report = null;
    // State, streaming and cache counts; the shell's workspace id stays.
    for (const k of Object.keys(this.element.dataset))
      if (k !== "ws") delete this.element.dataset[k];
    this.streamed = false;
    const u = this.ui;
    for (const el of [u.side, u.timeline, u.toolbar, u.legends, u.gridLabel]) el.replaceChildren();
    u.waitNote.hidden = true;
    u.problems.clear();
    this.note = undefined;
    this.showNote();
    u.message.replaceChildren(tr("p", this.options.pick));
    u.message.hidden = false;
  }

  private buildPanels(): void {
    const o = this.opened!;
    const s = o.session;
    const bodies = new BodyPanel(s);
    const probe = new ProbePanel(s);
    const legends = new LegendPanel(s);
    const view = new ViewTools(s, legends.element);
    const tools = this.streamed ? undefined : this.options.tools?.(s);
    const hover = new HoverTooltip(s);
    o.parts.push(bodies, probe, legends, view, hover, ...(tools ? [tools] : []));
    const u = this.ui;
    u.side.replaceChildren(bodies.element, probe.element);
    u.legends.replaceChildren(legends.element);
    const embedded = this.options.embedded === true;
    const say = (m: string) => {
      u.note.textContent = m;
      u.note.hidden = false;
    };
    const share = embedded ? "" : shareButton(() => this.file, say, false);
    u.toolbar.replaceChildren(view.element, tools?.element ?? "", share);
    u.view.append(hover.element);
  }

  private timeline(s: MixedSession): TimelineBar {
    const bar = new TimelineBar(s.clock, {
      frames: s.scene.mbs.times,
      label: (time) => {
        const c = s.sampler.mbsFrame;
        const frame = c.alpha >= 0.5 ? c.i1 : c.i0;
        return `${t("time.time")} ${time.toFixed(3)} s · ${t("time.frame")} ${frame} / ${s.scene.mbs.times.length - 1}`;
      },
      settled: (time) =>
        this.options.embedded ||
        history.replaceState(
          null,
          "",
          formatRoute({
            workspace: this.options.id,
            file: s.file,
            t: { value: time, percent: false },
          }),
        ),
    });
    this.ui.timeline.replaceChildren(bar.element);
    return bar;
  }

  private showReport(report: readonly FileReport[], playable: boolean): void {
    this.report = { report, playable };
    const errors = reportHasErrors(report);
    this.ui.problems.show(
      report,
      "mixed.problems",
      errors && !playable ? "mixed.cannotPlay" : undefined,
    );
    if (errors && !playable) {
      this.ui.message.hidden = true;
      this.element.dataset.state = "error";
    }
  }

  private showNote(): void {
    this.ui.note.textContent = this.note?.() ?? "";
    this.ui.note.hidden = this.note === undefined;
  }

  private showGrid(spacing: number): void {
    this.ui.gridLabel.textContent = t("view.gridSpacing", {
      spacing: `${+spacing.toPrecision(3)} m`,
    });
  }

  /** Re-renders every translated part after a language switch. */
  private translate(): void {
    if (this.report) this.showReport(this.report.report, this.report.playable);
    this.showNote();
    const o = this.opened;
    if (!o) return;
    for (const p of o.parts) p.render?.();
    o.timeline.dispose();
    o.timeline = this.timeline(o.session);
    this.showGrid(o.session.viewer.grid.spacing);
  }

  /** Keyboard: Space plays or pauses, ← and → step a frame, F fits the view. */
  private key(e: KeyboardEvent): void {
    const o = this.opened;
    if (!o || this.element.hidden || e.ctrlKey || e.metaKey || e.altKey) return;
    if (typingTarget(e.target, true)) return;
    if (e.key === "f" || e.key === "F") o.session.viewer.fit();
    else if (!o.timeline.key(e)) return;
    e.preventDefault();
  }

  /** A click (not a drag) on the canvas probes the node under it. */
  private startClick(down: PointerEvent): void {
    const up = (e: PointerEvent) => {
      window.removeEventListener("pointerup", up);
      if (Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) > 4) return;
      const s = this.opened?.session;
      if (s) s.setProbe(s.viewer.pick(e.clientX, e.clientY, s.states));
    };
    window.addEventListener("pointerup", up);
  }
}
