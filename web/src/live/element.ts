/**
 * `<deforma-live>`: the Live workspace's player as a web component
 * (docs/player.md). It plays a scene from `src="face.scene.json"` (fetched,
 * its pictures beside it) or from the page's block
 * `<script type="application/octet-stream" id="ID">` named by
 * `data-embedded="ID"` (base64 of the packed scene and pictures that
 * `deforma share` writes), with the workspace's own session, stage, toolbar
 * and panel: one implementation. Page code calls `play()`, `pause()`,
 * `trigger(name)`, `setSignal(name, value)` and listens to `frame` (every
 * tick shown), `story` (rules fired) and `drop` (triggers that played
 * nothing), in that order within a tick.
 */
import type { FileReader } from "../../../src/core/file-source.js";
import { baseName } from "../../../src/core/path.js";
import type { TickResult } from "../../../src/live/index.js";
import { h } from "../dom.js";
import { LANGUAGES, type Language, setLanguage, t } from "../i18n.js";
import { fetchSource, packedFiles } from "../shell/packed-files.js";
import { loadLiveProject } from "./backend.js";
import elementCss from "./element.css?inline";
import { workerFits } from "./fit-runner.js";
import { exportPlayedGif } from "./gif-export.js";
import liveCss from "./live.css?inline";
import type { OverlayOptions } from "./overlays.js";
import { LivePanel } from "./panel.js";
import { LiveSession } from "./session.js";
import { Stage } from "./stage.js";
import { LiveToolbar } from "./toolbar.js";
import "./strings.js";

/** The element's tag. */
export const LIVE_TAG = "deforma-live";

/** A scene's text, its name, and a reader of the files it names. */
interface SceneSource {
  readonly name: string;
  readonly text: string;
  readonly read: FileReader;
}

/** The scene packed in the page's block `id` (src/node/share/live-kind.ts), or why not. */
export function embeddedSource(id: string, doc: Document = document): SceneSource | string {
  const p = packedFiles(id, "live", "scene", "scene", doc);
  if (typeof p === "string") return p;
  return { name: p.main, text: new TextDecoder().decode(p.files[p.main]), read: p.read };
}

/** The scene at `src` (relative to the page) and a reader of its pictures beside it, or why not. */
export async function fetchedSource(src: string): Promise<SceneSource | string> {
  const url = new URL(src, document.baseURI);
  const got = await fetchSource(url);
  if (got.status !== "ok") return `${src}: ${got.status === "missing" ? "not found" : got.reason}`;
  const read: FileReader = (path) => fetchSource(new URL(path, url));
  return {
    name: baseName(url.pathname) || "scene.json",
    text: new TextDecoder().decode(got.bytes),
    read,
  };
}

let styled = false;
/** Adds the element's style to the document once. */
function addStyle(): void {
  if (styled) return;
  styled = true;
  document.head.append(h("style", { dataset: { deforma: LIVE_TAG } }, liveCss + elementCss));
}

/** What is made once the scene loaded. */
interface Opened {
  readonly session: LiveSession;
  readonly stage: Stage;
  readonly toolbar: LiveToolbar;
  readonly panel: LivePanel;
}

/** See the module comment. */
export class DeformaLiveElement extends HTMLElement {
  private opened: Opened | undefined;
  private loading: Promise<void> | undefined;
  private autoplay = true;
  private readonly overlays: OverlayOptions = {
    points: false,
    cuts: false,
    discs: false,
    regions: false,
  };

  /** Resolves once the scene plays (or failed to load: then `error` was dispatched). */
  get ready(): Promise<void> {
    this.loading ??= this.load();
    return this.loading;
  }

  connectedCallback(): void {
    addStyle();
    void this.ready;
  }

  disconnectedCallback(): void {
    this.opened?.session.pause();
  }

  /** Plays (from where it is). */
  play(): void {
    this.autoplay = true;
    this.opened?.session.play();
  }

  /** Pauses. */
  pause(): void {
    this.autoplay = false;
    this.opened?.session.pause();
  }

  /** Whether it plays now. */
  get playing(): boolean {
    return this.opened?.session.playing ?? false;
  }

  /** Sends event `name` (delivered at the next tick); false before the scene is loaded. */
  trigger(name: string): boolean {
    this.opened?.session.sendEvent(name);
    return this.opened !== undefined;
  }

  /** Sets signal `name` to `value` from the next tick on; false before the scene is loaded. */
  setSignal(name: string, value: number): boolean {
    this.opened?.session.sendSignal(name, value);
    return this.opened !== undefined;
  }

  private async load(): Promise<void> {
    const lang = this.getAttribute("lang");
    if (lang !== null && Object.hasOwn(LANGUAGES, lang)) setLanguage(lang as Language);
    if (this.hasAttribute("paused")) this.autoplay = false;
    const embedded = this.dataset.embedded;
    const src = this.getAttribute("src");
    const source =
      embedded !== undefined
        ? embeddedSource(embedded)
        : src !== null
          ? await fetchedSource(src)
          : 'give the element src="….scene.json" or data-embedded="ID"';
    if (typeof source === "string") return this.fail(source);
    const r = await loadLiveProject(source.name, source.text, source.read);
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    if (!r.scene || errors.length > 0) return this.fail(t("live.cannotPlay"), r.diagnostics);
    try {
      this.build(
        new LiveSession(
          { path: source.name, text: source.text, scene: r.scene, images: r.images },
          undefined,
          undefined,
          workerFits(),
        ),
      );
    } catch (e) {
      return this.fail((e as Error).message);
    }
  }

  private fail(message: string, diagnostics: readonly unknown[] = []): void {
    this.replaceChildren(h("p", { className: "error" }, message));
    this.dataset.state = "error";
    this.dispatchEvent(new CustomEvent("error", { detail: { message, diagnostics } }));
  }

  private build(session: LiveSession): void {
    const stage = new Stage(this.overlays, session.scene.params.radiusCorrection);
    const say = (m: string) => toolbar.say(m);
    const toolbar: LiveToolbar = new LiveToolbar(
      session,
      this.overlays,
      {
        overlaysChanged: () => stage.redraw(),
        exportGif: () => void exportPlayedGif(session, say, () => this.isConnected),
      },
      false,
    );
    const panel = new LivePanel(session);
    this.opened = { session, stage, toolbar, panel };
    session.shown.add(() => stage.show(session.view()));
    session.ticked.add((r) => this.announce(r));
    this.classList.add("workspace", "live");
    this.replaceChildren(
      h(
        "div",
        { className: "live-grid" },
        h("div", { className: "live-main" }, toolbar.element, stage.element),
        h("aside", { className: "live-side" }, panel.element),
      ),
    );
    stage.show(session.view());
    stage.fit();
    this.dataset.state = "ready";
    // Frame 0 is drawn: the time from navigation (bench row share-live-open).
    performance.mark("deforma:ready");
    if (session.result) this.announce(session.result);
    if (this.autoplay) session.play();
  }

  /** The events of one tick: `frame`, then `story` when rules fired, then `drop` when triggers played nothing. */
  private announce(r: TickResult): void {
    const state = this.opened?.session.state;
    this.dispatchEvent(new CustomEvent("frame", { detail: r.record }));
    if (r.fired.length > 0) {
      const detail = { tick: r.record.tick, rules: r.fired, storyLine: state?.storyLine ?? [] };
      this.dispatchEvent(new CustomEvent("story", { detail }));
    }
    if (r.dropped.length > 0)
      this.dispatchEvent(
        new CustomEvent("drop", { detail: { tick: r.record.tick, dropped: r.dropped } }),
      );
  }
}
