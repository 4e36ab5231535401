/**
 * The Bulges workspace's preview: the project's rigged mesh deformed by
 * {@link BulgeDeformer} with the selected definition applied to the rig's
 * bulge (the joint whose bulge attribute is set), an elbow-flex slider, a
 * 3-D view with orbit controls and fit, and the polar view of the sections
 * around the bone. Reads the rig and the mesh through the studio's file API.
 * `element.dataset.state` is "empty", "loading", "ready" or "error".
 */
import "./preview.css";
import {
  type BulgeDefinition,
  bulgeAmount,
  type CompiledBulge,
  compileBulge,
  jointMatrices,
} from "../../../src/bulge/index.js";
import { applyToPoints } from "../../../src/core/affine.js";
import type { FileReader } from "../../../src/core/file-source.js";
import { h } from "../dom.js";
import { type MessageKey, onLanguageChange, t, tr } from "../i18n.js";
import { Signal } from "../shell/signal.js";
import { toolButton } from "../shell/tool-button.js";
import { bakedPath, bakeInWorker, saveBaked } from "./bake.js";
import { readGltfSubject } from "./preview-gltf.js";
import { LoadError, readObjSubject, STUDIO_READ, type Subject, viewFor } from "./preview-load.js";
import { bulgeTint, flexRange } from "./preview-math.js";
import { isGltfSource, PreviewPickers, type PreviewSource } from "./preview-pickers.js";
import { PolarView } from "./preview-polar.js";
import { PreviewView } from "./preview-view.js";
import "./strings.js";

/** Messages that report what was done rather than what went wrong. */
const NOTES = new Set<MessageKey>([
  "bulgePreview.exporting",
  "bulgePreview.exported",
  "bulgePreview.exportKept",
]);

/** What a preview without a definition applies: no sections, no bulge. */
const NO_BULGE = compileBulge({ sections: [] });

/** Where the preview reads its files, and whether it is `<deforma-bulge>`'s (no export). */
export interface PreviewOptions {
  /** Reads a project file (default: the studio's file API). */
  readonly read?: FileReader;
  /** Read-only: no "Export baked glTF", a character read on the page's thread. */
  readonly embedded?: boolean;
}

/** The live preview of one definition on the project's rigged mesh. */
export class BulgePreview {
  readonly element = h("div", { className: "bulge-preview", dataset: { state: "empty" } });
  private readonly flex = new Signal<number>();
  private readonly shown = new Signal<PreviewSource>();
  /** Calls `listener` with what is shown after each load that succeeds (a character with the mesh and joint shown); returns the remover. */
  readonly sourceShown = (listener: (s: PreviewSource) => void): (() => void) =>
    this.shown.add(listener);
  /** Calls `listener` with the flex (degrees) whenever the user moves the slider; returns the remover. */
  readonly flexChanged = (listener: (deg: number) => void): (() => void) => this.flex.add(listener);
  private readonly slider = h("input", { type: "range", className: "bulge-flex", value: "0" });
  private readonly flexValue = h("output", { className: "bulge-flex-value" });
  private readonly amountText = h("span", { className: "bulge-amount" });
  private readonly message = h("p", { className: "bulge-preview-message", hidden: true });
  private readonly stage = h("div", { className: "bulge-preview-stage" });
  private readonly view: PreviewView;
  private readonly polar = new PolarView();
  private readonly stopLanguage: () => void;
  private readonly pickers: PreviewPickers;
  private readonly flexText = tr("span", "bulgePreview.flex");
  private loaded: Subject | undefined;
  private compiled: CompiledBulge | undefined;
  private definition: BulgeDefinition | undefined;
  private baking = false;
  private degrees = 0;
  private frame = 0;
  private loads = 0;
  private messageKey: { key: MessageKey; vars: Record<string, string | number> } | undefined;

  private readonly read: FileReader;
  private readonly embedded: boolean;

  constructor(options: PreviewOptions = {}) {
    this.read = options.read ?? STUDIO_READ;
    this.embedded = options.embedded === true;
    this.view = new PreviewView(this.stage);
    this.setRange(undefined);
    this.slider.addEventListener("input", () => {
      this.degrees = Number(this.slider.value);
      this.schedule();
      this.flex.dispatch(this.degrees);
    });
    const flexLabel = h("label", { className: "bulge-flex-label" }, this.flexText);
    flexLabel.append(this.slider, this.flexValue);
    this.pickers = new PreviewPickers(
      (s) => void this.load(s),
      () => void this.exportBaked(),
    );
    if (this.embedded) this.pickers.exportButton.remove();
    const bar = h(
      "div",
      { className: "bulge-preview-bar" },
      flexLabel,
      this.amountText,
      toolButton("fit", "fit", "view.fit", () => this.view.fit()),
    );
    const body = h("div", { className: "bulge-preview-body" }, this.stage, this.polar.element);
    this.element.append(this.pickers.element, bar, this.message, body);
    this.stopLanguage = onLanguageChange(() => this.showTexts());
    this.showTexts();
  }

  /** The sources the pick row offers (the project's rigs with OBJ meshes and glTF characters) and the one shown. */
  setSources(sources: readonly PreviewSource[], shown: number): void {
    this.pickers.setSources(sources, shown);
  }

  /**
   * Reads a rig and its OBJ mesh, or a glTF character with the mesh and
   * joint picked (project paths), and shows it at the current flex.
   */
  async load(source: PreviewSource): Promise<void> {
    const load = ++this.loads;
    this.element.dataset.state = "loading";
    const gltf = isGltfSource(source);
    this.say("bulgePreview.loading", { file: gltf ? source.gltf : source.rigPath });
    try {
      const loaded = gltf
        ? await readGltfSubject(source, this.read, this.embedded)
        : await readObjSubject(source.rigPath, source.meshPath, this.read);
      if (load !== this.loads) return;
      this.loaded = loaded;
      this.view.setMesh(loaded.rest, loaded.triangles, loaded.rig.joints.length);
      this.view.setDirection(loaded.view ?? viewFor(loaded));
      this.setRange(loaded.term.fullAngle, loaded.rig.joints[loaded.term.driver]?.limits);
      this.pickers.show(loaded.gltf);
      this.showExport();
      this.applyDefinition();
      // Frame the straight and the most bent arm: the camera holds still while the slider moves.
      const shown = this.degrees;
      for (const pose of [0, Number(this.slider.max), shown]) {
        this.degrees = pose;
        this.deform();
        this.view.include();
      }
      this.view.fit();
      if (loaded.warning) this.say("bulgePreview.misfit", { reason: loaded.warning });
      else this.say(undefined);
      this.element.dataset.state = "ready";
      const g = loaded.gltf;
      this.shown.dispatch(
        g
          ? {
              gltf: g.path,
              ...(g.rigPath ? { rigPath: g.rigPath } : {}),
              mesh: g.mesh,
              joint: g.joint,
            }
          : source,
      );
    } catch (e) {
      if (load !== this.loads) return;
      this.loaded = undefined;
      this.pickers.show(undefined);
      this.element.dataset.state = "error";
      if (e instanceof LoadError) this.say(e.key, e.vars);
      else this.say("bulgePreview.failed", { error: (e as Error).message });
    }
  }

  /** Shows `def`'s shape on the rig's bulge (undefined: the arm bends without a bulge). */
  setDefinition(def: BulgeDefinition | undefined): void {
    this.definition = def;
    this.compiled = def ? compileBulge(def) : undefined;
    this.showExport();
    this.polar.update(this.compiled, this.amount());
    this.applyDefinition();
    this.schedule();
  }

  /** Sets the flex (degrees, clamped to the slider's range) without notifying {@link flexChanged}. */
  setFlex(degrees: number): void {
    if (!Number.isFinite(degrees)) return;
    const max = Number(this.slider.max);
    this.degrees = Math.min(max, Math.max(0, degrees));
    this.slider.value = String(this.degrees);
    this.schedule();
  }

  /** The positions shown (x, y, z per vertex, the rig's space), when a subject is loaded. */
  get positions(): Float32Array | undefined {
    return this.loaded ? this.view.positions : undefined;
  }

  /** The flex shown (degrees). */
  get flexDegrees(): number {
    return this.degrees;
  }

  /** Stops rendering and frees the view. */
  dispose(): void {
    this.loads++;
    cancelAnimationFrame(this.frame);
    this.stopLanguage();
    this.flex.clear();
    this.shown.clear();
    this.view.dispose();
    this.element.remove();
  }

  /** The bulge's amount × scale at the current flex (0 before a rig is loaded). */
  private amount(): number {
    const l = this.loaded;
    return l ? bulgeAmount(this.degrees, l.term.fullAngle) * l.term.scale : 0;
  }

  private applyDefinition(): void {
    const l = this.loaded;
    if (l) l.setCompiled(this.compiled ?? NO_BULGE);
  }

  private setRange(fullAngle: number | undefined, limits?: readonly [number, number]): void {
    const r = flexRange(fullAngle, limits);
    this.slider.min = String(r.min);
    this.slider.max = String(r.max);
    this.slider.step = String(r.step);
    this.degrees = Math.min(r.max, Math.max(r.min, this.degrees));
    this.slider.value = String(this.degrees);
  }

  /** One deformation and render on the next animation frame, however many changes come before it. */
  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.deform();
    });
  }

  /** Deforms the mesh in place for the current flex and redraws both views. */
  private deform(): void {
    this.flexValue.textContent = `${Math.round(this.degrees)}°`;
    const l = this.loaded;
    const amount = this.amount();
    this.amountText.textContent = t("bulgePreview.amount", { percent: Math.round(amount * 100) });
    this.polar.setAmount(amount);
    const positions = this.view.positions;
    const ends = this.view.boneEnds;
    const colours = this.view.colours;
    if (!l || !positions || !ends || !colours) return;
    l.angles[l.term.driver] = this.degrees;
    const bulged = l.pose(l.angles, positions);
    // The tint shows where and how far the skin bulged (before skinning, in the rest frame).
    bulgeTint(l.rest, bulged, l.reach, colours);
    jointMatrices(l.rig, l.parents, l.angles, l.matrices);
    for (let i = 0; i < l.jointMatrix.length; i++)
      applyToPoints(l.jointMatrix[i]!, l.restEnds, ends, 2, i * 2, i * 2);
    this.view.commit();
  }

  private say(key: MessageKey | undefined, vars: Record<string, string | number> = {}): void {
    this.messageKey = key ? { key, vars } : undefined;
    this.showTexts();
  }

  private showTexts(): void {
    const m = this.messageKey;
    this.message.hidden = !m;
    // What an export did is news, not a failure.
    this.message.classList.toggle("note", !!m && NOTES.has(m.key));
    this.message.textContent = m ? t(m.key, m.vars) : "";
    const flexKey = this.loaded?.gltf ? "bulgePreview.jointFlex" : "bulgePreview.flex";
    this.flexText.dataset.i18n = flexKey;
    this.flexText.textContent = t(flexKey);
    this.slider.setAttribute("aria-label", t(flexKey));
    this.pickers.render();
    this.deform();
  }

  /** The export button is live for a skinned character with a definition, not during a bake. */
  private showExport(): void {
    const g = this.loaded?.gltf;
    this.pickers.setExportEnabled(!!g?.skinned && !!this.definition && !this.baking);
  }

  /**
   * Bakes the character as shown — the picked joint's bulge with the
   * definition shown, as `bulge bake` would with that rig and catalogue — in a
   * worker, and saves it beside the `.glb` (asking before replacing a file).
   * `element.dataset.export` is "busy", "saved", "kept" or "failed".
   */
  async exportBaked(): Promise<void> {
    const l = this.loaded;
    const g = l?.gltf;
    const def = this.definition;
    if (!l || !g || !def || this.baking) return;
    this.baking = true;
    this.showExport();
    this.element.dataset.export = "busy";
    const out = bakedPath(g.path);
    this.say("bulgePreview.exporting", { file: out });
    const rig = structuredClone(l.rig);
    rig.joints[l.term.driver]!.bulge!.code = def.code;
    const definitions = [{ code: def.code, sections: structuredClone(def.sections) }];
    try {
      const reply = await bakeInWorker({ bytes: g.bytes.slice(), mesh: g.mesh, rig, definitions });
      if (reply.error !== undefined) throw new Error(reply.error);
      const saved = await saveBaked(out, reply.glb, (file) =>
        window.confirm(t("bulgePreview.replace", { file })),
      );
      this.element.dataset.export = saved;
      if (saved === "saved")
        this.element.dispatchEvent(new CustomEvent("files-changed", { bubbles: true }));
      this.say(saved === "saved" ? "bulgePreview.exported" : "bulgePreview.exportKept", {
        file: out,
        targets: reply.targets,
      });
    } catch (e) {
      this.element.dataset.export = "failed";
      this.say("bulgePreview.exportFailed", { error: (e as Error).message });
    } finally {
      this.baking = false;
      this.showExport();
    }
  }
}
