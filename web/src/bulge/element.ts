/**
 * `<deforma-bulge>`: the Bulges workspace's preview as a web component
 * (docs/player.md) — the same workspace, embedded and read-only (the lister
 * to switch the definition shown, the character with the flex slider, the
 * sections' polar view), one implementation. It shows a character — a rig
 * (`*.rig.json` with its OBJ or `.glb`) or a `.glb` — with the catalogue
 * `misc_data/bulge_types` beside it, from `src="arm.rig.json"` (fetched with
 * the files beside it) or from the page's block
 * `<script type="application/octet-stream" id="ID">` named by
 * `data-embedded="ID"` (base64 of the packed files `deforma share` writes).
 * Attributes `code` and `flex` set the definition and the flex shown first.
 * Page code calls `setFlex(degrees)`, `select(codeOrName)` and reads `flex`,
 * `selected`, `bulges`; `ready` resolves once the character is drawn,
 * `change` is dispatched whenever the definition or the flex shown changes
 * (by the user or the API), `error` when nothing can be shown.
 */
import { CATALOGUE_PATH } from "../../../src/bulge/index.js";
import type { FileReader } from "../../../src/core/file-source.js";
import { baseName } from "../../../src/core/path.js";
import { h } from "../dom.js";
import { LANGUAGES, type Language, setLanguage } from "../i18n.js";
import { fetchSource, packedFiles } from "../shell/packed-files.js";
import bulgeCss from "./bulge.css?inline";
import elementCss from "./element.css?inline";
import panesCss from "./panes.css?inline";
import previewCss from "./preview.css?inline";
import { characterFiles } from "./project-files.js";
import { BulgeWorkspace } from "./workspace.js";

/** The element's tag. */
export const BULGE_TAG = "deforma-bulge";

/** A character and a reader of the files beside it. */
interface CharacterSource {
  readonly character: string;
  readonly read: FileReader;
}

/** The character packed in the page's block `id` (src/node/share/bulge-kind.ts), or why not. */
export function embeddedCharacter(id: string, doc: Document = document): CharacterSource | string {
  const p = packedFiles(id, "bulge", "character", "character", doc);
  return typeof p === "string" ? p : { character: p.main, read: p.read };
}

/** The character at `src` (relative to the page), its files read beside it. */
function fetchedCharacter(src: string): CharacterSource {
  const url = new URL(src, document.baseURI);
  const character = baseName(url.pathname) || "character.rig.json";
  return { character, read: (path) => fetchSource(new URL(path, url)) };
}

let styled = false;
/** Adds the element's style to the document once. */
function addStyle(): void {
  if (styled) return;
  styled = true;
  const css = bulgeCss + panesCss + previewCss + elementCss;
  document.head.append(h("style", { dataset: { deforma: BULGE_TAG } }, css));
}

/** What `change` carries and {@link DeformaBulgeElement.selected} gives. */
export interface BulgeShown {
  readonly code: number | undefined;
  readonly name: string | undefined;
  readonly flex: number;
}

/** See the module comment. */
export class DeformaBulgeElement extends HTMLElement {
  private workspace: BulgeWorkspace | undefined;
  private loading: Promise<void> | undefined;

  /** Resolves once the character is drawn (or loading failed: then `error` was dispatched). */
  get ready(): Promise<void> {
    this.loading ??= this.load();
    return this.loading;
  }

  connectedCallback(): void {
    addStyle();
    void this.ready;
  }

  private get shown() {
    return this.workspace?.shown;
  }

  /** Shows flex `degrees` (clamped to the slider's range). */
  setFlex(degrees: number): void {
    const p = this.shown?.preview;
    if (!p || !Number.isFinite(degrees)) return;
    p.setFlex(degrees);
    this.announce();
  }

  /** The flex shown, in degrees. */
  get flex(): number {
    return this.shown?.preview.flexDegrees ?? 0;
  }

  /** Shows the definition with code `key` (a number) or name `key`; false when there is none. */
  select(key: number | string): boolean {
    const s = this.shown?.session;
    if (!s) return false;
    const i = s.bulges.findIndex((d) =>
      typeof key === "number" ? d.code === key : d.name === key,
    );
    if (i < 0) return false;
    s.select(i);
    return true;
  }

  /** The definition and flex shown. */
  get selected(): BulgeShown {
    const d = this.shown?.session.current;
    return { code: d?.code, name: d?.name, flex: this.flex };
  }

  /** The catalogue's definitions (code and name), in its order. */
  get bulges(): { code: number; name: string }[] {
    return (this.shown?.session.bulges ?? []).map((d) => ({ code: d.code, name: d.name }));
  }

  private async load(): Promise<void> {
    const lang = this.getAttribute("lang");
    if (lang !== null && Object.hasOwn(LANGUAGES, lang)) setLanguage(lang as Language);
    const embedded = this.dataset.embedded;
    const src = this.getAttribute("src");
    const source =
      embedded !== undefined
        ? embeddedCharacter(embedded)
        : src !== null
          ? fetchedCharacter(src)
          : 'give the element src="….rig.json" or data-embedded="ID"';
    if (typeof source === "string") return this.fail(source);
    const files = characterFiles(source.read, source.character);
    const ws = new BulgeWorkspace({ files, embedded: true });
    // The inner fields' own `change` events stay inside: the element's `change` is its API's.
    ws.element.addEventListener("change", (e) => e.stopPropagation());
    this.workspace = ws;
    this.replaceChildren(ws.element);
    const params: Record<string, string> = {};
    for (const name of ["code", "flex"])
      if (this.hasAttribute(name)) params[name] = this.getAttribute(name) ?? "";
    await ws.open({ workspace: "bulge", file: CATALOGUE_PATH, params });
    await ws.previewed;
    const shown = ws.shown;
    const state = shown?.preview.element.dataset.state;
    if (!shown || state !== "ready") {
      const said = ws.element.querySelector(".bulge-preview-message, .message .error");
      return this.fail(said?.textContent || "nothing to show");
    }
    shown.session.signals.selection.add(() => this.announce());
    shown.preview.flexChanged(() => this.announce());
    await new Promise((resolve) => requestAnimationFrame(resolve));
    this.dataset.state = "ready";
    // The character is drawn: the time from navigation (bench row share-bulge-open).
    performance.mark("deforma:ready");
  }

  private announce(): void {
    this.dispatchEvent(new CustomEvent<BulgeShown>("change", { detail: this.selected }));
  }

  private fail(message: string): void {
    this.dataset.state = "error";
    if (!this.workspace) this.replaceChildren(h("p", { className: "error" }, message));
    this.dispatchEvent(new CustomEvent("error", { detail: { message } }));
  }
}
