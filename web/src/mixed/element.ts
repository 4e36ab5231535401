/**
 * `<deforma-mesh>`: the Mixed and Mesh workspaces' player as a web component
 * (docs/player.md) — the same workspace, panels, view and timeline, one
 * implementation. It plays a packed mesh series (`*.dmesh`), a packed model
 * folder (a mixed model) or a binary or text `.agr`, from `src="…"`
 * (fetched) or from the page's block
 * `<script type="application/octet-stream" id="ID">` named by
 * `data-embedded="ID"` (base64, as `deforma share` writes it;
 * docs/formats/mesh-pack.md). Page code calls `play()`, `pause()`,
 * `seek(seconds)`, `fit()` and reads `time`, `start`, `end`, `playing`;
 * `ready` resolves once the first frame is drawn, `error` is dispatched when
 * nothing can be shown, `time` on every time shown.
 */
import { decodeBase64 } from "../../../src/core/base64.js";
import { decodeText } from "../../../src/core/bytes.js";
import { baseName } from "../../../src/core/path.js";
import { reportHasErrors } from "../../../src/core/report.js";
import { readAgr } from "../../../src/mixed/agr/index.js";
import { loadMixedFolder } from "../../../src/mixed/load/index.js";
import { buildMixedScene, meshAloneScene } from "../../../src/mixed/sample/index.js";
import {
  isMeshPack,
  MODEL_PACK_MAGIC,
  openMeshPack,
  unpackModel,
} from "../../../src/mixed/share/index.js";
import { h } from "../dom.js";
import { LANGUAGES, type Language, setLanguage } from "../i18n.js";
import elementCss from "./element.css?inline";
import { decodingFrames } from "./frame-source.js";
import mixedCss from "./mixed.css?inline";
import { type LoadedScene, MixedWorkspace } from "./workspace.js";

/** The element's tag. */
export const MESH_TAG = "deforma-mesh";

/** The bytes of the page's block `id`, or why not. */
function embeddedBytes(id: string): Uint8Array | string {
  const text = document.getElementById(id)?.textContent;
  if (text === undefined || text === null) return `no element with id "${id}" holds the data`;
  return decodeBase64(text) ?? `the block "${id}" is not base64`;
}

/** The bytes at `src` (relative to the page), or why not. */
async function fetchedBytes(src: string): Promise<Uint8Array | string> {
  try {
    const r = await fetch(new URL(src, document.baseURI));
    if (!r.ok) return `${src}: HTTP ${r.status}`;
    return new Uint8Array(await r.arrayBuffer());
  } catch (e) {
    return `${src}: ${(e as Error).message}`;
  }
}

const failed = (file: string, message: string): LoadedScene => ({
  report: [
    { file, diagnostics: [{ code: "FMT013", severity: "error", message, start: 0, end: 0 }] },
  ],
});

/** Yields to the page's event loop (a task of its own), so decoding never holds the page. */
const yieldTask = (): Promise<void> =>
  new Promise((resolve) => {
    const c = new MessageChannel();
    c.port1.onmessage = () => {
      c.port1.close();
      resolve();
    };
    c.port2.postMessage(0);
  });

/**
 * A packed series' scene once frame 0 is decoded (decision 345): the later
 * frames are decoded in the background, a frame per task, and drawn as they
 * come; the workspace's element counts them (`data-decoded`) and says
 * `data-decode="done"` (or `"error"`) at the end.
 */
async function packedSeries(name: string, bytes: Uint8Array): Promise<LoadedScene> {
  let arrived: ((decoded: number) => void) | undefined;
  const r = await openMeshPack(bytes, { pause: yieldTask, onFrame: (n) => arrived?.(n) });
  const report = [{ file: name, diagnostics: r.diagnostics }];
  if (!r.model) return { report };
  const model = r.model;
  return {
    report,
    scene: meshAloneScene(name, model),
    sources: new Map([[model, decodingFrames(model, r.decoded)]]),
    decoding: true,
    ready: (session) => {
      const el = session.viewer.container.closest<HTMLElement>(".workspace");
      let queued = false;
      arrived = (n) => {
        if (el) el.dataset.decoded = String(n);
        if (queued || !session.viewer.renderer.domElement.isConnected) return;
        queued = true;
        requestAnimationFrame(() => {
          queued = false;
          session.redraw();
          session.signals.time.dispatch(session.clock.time);
        });
      };
      if (el) el.dataset.decoded = String(r.decoded());
      void r.done.then((d) => {
        if (el) el.dataset.decode = d.model ? "done" : "error";
      });
    },
  };
}

/** The scene of `bytes` named `name`: a packed series or model folder, or an `.agr`. */
export async function sceneOf(name: string, bytes: Uint8Array): Promise<LoadedScene> {
  if (isMeshPack(bytes)) return packedSeries(name, bytes);
  if (MODEL_PACK_MAGIC.every((b, i) => bytes[i] === b)) {
    const pack = unpackModel(bytes);
    const amx = pack.names.find((n) => n.toLowerCase().endsWith(".amx"));
    const got = amx === undefined ? undefined : await pack.read(amx);
    if (!amx || got?.status !== "ok")
      return { report: [{ file: name, diagnostics: pack.diagnostics }] };
    const folder = await loadMixedFolder(amx, decodeText(got.bytes), pack.read);
    return {
      report: folder.report,
      scene: reportHasErrors(folder.report) ? undefined : buildMixedScene(folder),
    };
  }
  const agr = readAgr(bytes);
  const report = [{ file: name, diagnostics: agr.diagnostics }];
  if (!agr.model || reportHasErrors(report))
    return agr.diagnostics.length > 0
      ? { report }
      : failed(name, "not a packed mesh series, model folder or .agr");
  return { report, scene: meshAloneScene(name, agr.model) };
}

let styled = false;
/** Adds the element's style to the document once. */
function addStyle(): void {
  if (styled) return;
  styled = true;
  document.head.append(h("style", { dataset: { deforma: MESH_TAG } }, mixedCss + elementCss));
}

/** See the module comment. */
export class DeformaMeshElement extends HTMLElement {
  private workspace: MixedWorkspace | undefined;
  private loading: Promise<void> | undefined;

  /** Resolves once the first frame is drawn (or loading failed: then `error` was dispatched). */
  get ready(): Promise<void> {
    this.loading ??= this.load();
    return this.loading;
  }

  connectedCallback(): void {
    addStyle();
    void this.ready;
  }

  disconnectedCallback(): void {
    this.session?.clock.pause();
  }

  private get session() {
    return this.workspace?.session;
  }

  /** Plays from where it is. */
  play(): void {
    this.session?.clock.play();
  }

  /** Pauses. */
  pause(): void {
    this.session?.clock.pause();
  }

  /** Shows time `seconds` (clamped to the animation's span). */
  seek(seconds: number): void {
    this.session?.clock.seek(seconds);
  }

  /** Fits the view to the model. */
  fit(): void {
    this.session?.viewer.fit();
  }

  get playing(): boolean {
    return this.session?.clock.playing ?? false;
  }

  /** The time shown, in seconds. */
  get time(): number {
    return this.session?.clock.time ?? 0;
  }

  /** The animation's first and last time, in seconds. */
  get start(): number {
    return this.session?.scene.start ?? 0;
  }

  get end(): number {
    return this.session?.scene.end ?? 0;
  }

  private async load(): Promise<void> {
    const lang = this.getAttribute("lang");
    if (lang !== null && Object.hasOwn(LANGUAGES, lang)) setLanguage(lang as Language);
    const embedded = this.dataset.embedded;
    const src = this.getAttribute("src");
    const bytes =
      embedded !== undefined
        ? embeddedBytes(embedded)
        : src !== null
          ? await fetchedBytes(src)
          : 'give the element src="…" or data-embedded="ID"';
    if (typeof bytes === "string") return this.fail(bytes);
    const name = this.dataset.name ?? (src ? baseName(src) : "shared");
    const loaded = await sceneOf(name, bytes);
    const ws = new MixedWorkspace({
      id: "mesh",
      load: async () => loaded,
      pick: "mesh.pick",
      embedded: true,
    });
    this.workspace = ws;
    this.replaceChildren(ws.element);
    await ws.open({ workspace: "mesh", file: name });
    const session = ws.session;
    if (!session)
      return this.fail(
        loaded.report
          .flatMap((r) => r.diagnostics)
          .map((d) => d.message)
          .join("; ") || "nothing to show",
      );
    if (this.hasAttribute("paused")) session.clock.pause();
    session.clock.changed.add((time) =>
      this.dispatchEvent(new CustomEvent("time", { detail: { time } })),
    );
    this.dataset.state = "ready";
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }

  private fail(message: string): void {
    this.dataset.state = "error";
    if (!this.workspace) this.replaceChildren(h("p", { className: "error" }, message));
    this.dispatchEvent(new CustomEvent("error", { detail: { message } }));
  }
}
