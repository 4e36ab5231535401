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
  BulgeDeformer,
  type BulgeTerm,
  bulgeAmount,
  type CompiledBulge,
  compileBulge,
  jointMatrices,
  parentIndices,
  type Rig,
  readObj,
  readRig,
  rigMisfit,
  triangulate,
} from "../../../src/bulge/index.js";
import { applyToPoints } from "../../../src/core/affine.js";
import { decodeText } from "../../../src/core/bytes.js";
import { readProjectFile } from "../api.js";
import { h } from "../dom.js";
import { type MessageKey, onLanguageChange, t, tr } from "../i18n.js";
import { Signal } from "../shell/signal.js";
import { toolButton } from "../shell/tool-button.js";
import { bulgeTint, flexRange } from "./preview-math.js";
import { PolarView } from "./preview-polar.js";
import { PreviewView } from "./preview-view.js";
import "./strings.js";

/** What the preview shows once loaded. */
interface Loaded {
  readonly rig: Rig;
  readonly parents: Int32Array;
  readonly deformer: BulgeDeformer;
  /** The bulge the definition is applied to (the first joint with a bulge attribute). */
  readonly term: BulgeTerm;
  /** Flex angles in rig order; the term's driver is the slider's joint. */
  readonly angles: Float64Array;
  readonly matrices: Float64Array;
  /** Each joint's 12 numbers of {@link matrices} (views made once). */
  readonly jointMatrix: readonly Float64Array[];
  /** Head and tail of each joint in the rest pose (x, y, z each). */
  readonly restEnds: Float32Array;
  /** The mesh's rest positions. */
  readonly rest: Float32Array;
  /** A bulge this far (mesh units; a tenth of the bulged bone) shows fully in the tint. */
  readonly reach: number;
}

/** What a preview without a definition applies: no sections, no bulge. */
const NO_BULGE = compileBulge({ sections: [] });

/** A file that failed, as a translated message. */
class LoadError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly vars: Record<string, string | number>,
  ) {
    super(key);
  }
}

/** The live preview of one definition on the project's rigged mesh. */
export class BulgePreview {
  readonly element = h("div", { className: "bulge-preview", dataset: { state: "empty" } });
  private readonly flex = new Signal<number>();
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
  private loaded: Loaded | undefined;
  private compiled: CompiledBulge | undefined;
  private degrees = 0;
  private frame = 0;
  private loads = 0;
  private messageKey: { key: MessageKey; vars: Record<string, string | number> } | undefined;

  constructor() {
    this.view = new PreviewView(this.stage);
    this.setRange(undefined);
    this.slider.addEventListener("input", () => {
      this.degrees = Number(this.slider.value);
      this.schedule();
      this.flex.dispatch(this.degrees);
    });
    const flexLabel = h(
      "label",
      { className: "bulge-flex-label" },
      tr("span", "bulgePreview.flex"),
    );
    flexLabel.append(this.slider, this.flexValue);
    const bar = h(
      "div",
      { className: "bulge-preview-bar" },
      flexLabel,
      this.amountText,
      toolButton("fit", "fit", "view.fit", () => this.view.fit()),
    );
    const body = h("div", { className: "bulge-preview-body" }, this.stage, this.polar.element);
    this.element.append(bar, this.message, body);
    this.stopLanguage = onLanguageChange(() => this.showTexts());
    this.showTexts();
  }

  /** Reads the rig and the mesh (project paths) and shows them at the current flex. */
  async load(project: { rigPath: string; meshPath: string }): Promise<void> {
    const load = ++this.loads;
    this.element.dataset.state = "loading";
    this.say("bulgePreview.loading", { file: project.rigPath });
    try {
      const loaded = await readPreview(project.rigPath, project.meshPath);
      if (load !== this.loads) return;
      this.loaded = loaded.state;
      this.view.setMesh(loaded.positions, loaded.triangles, loaded.state.rig.joints.length);
      this.view.setDirection(viewFor(loaded.state));
      this.setRange(
        loaded.state.term.fullAngle,
        loaded.state.rig.joints[loaded.state.term.driver]?.limits,
      );
      this.applyDefinition();
      // Frame the straight and the most bent arm: the camera holds still while the slider moves.
      const shown = this.degrees;
      for (const pose of [0, Number(this.slider.max), shown]) {
        this.degrees = pose;
        this.deform();
        this.view.include();
      }
      this.view.fit();
      this.say(undefined);
      this.element.dataset.state = "ready";
    } catch (e) {
      if (load !== this.loads) return;
      this.loaded = undefined;
      this.element.dataset.state = "error";
      if (e instanceof LoadError) this.say(e.key, e.vars);
      else this.say("bulgePreview.failed", { error: (e as Error).message });
    }
  }

  /** Shows `def`'s shape on the rig's bulge (undefined: the arm bends without a bulge). */
  setDefinition(def: BulgeDefinition | undefined): void {
    this.compiled = def ? compileBulge(def) : undefined;
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
    if (l) l.deformer.setCompiled(l.term.code, this.compiled ?? NO_BULGE);
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
    const bulged = l.deformer.bulgedRest(l.angles);
    l.deformer.skin(bulged, l.angles, positions);
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
    this.message.textContent = m ? t(m.key, m.vars) : "";
    this.slider.setAttribute("aria-label", t("bulgePreview.flex"));
    this.deform();
  }
}

/** Reads and checks the rig and the mesh; throws {@link LoadError} with what is wrong. */
async function readPreview(
  rigPath: string,
  meshPath: string,
): Promise<{ state: Loaded; positions: Float32Array; triangles: Uint32Array }> {
  const rigText = await readText(rigPath);
  const rigRead = readRig(rigText);
  const rigError = rigRead.diagnostics.find((d) => d.severity === "error");
  if (!rigRead.model || rigError)
    throw new LoadError("bulgePreview.badFile", {
      file: rigPath,
      error: rigError?.message ?? "no rig",
    });
  const rig = rigRead.model;
  const meshRead = readObj(await readText(meshPath));
  const meshError = meshRead.diagnostics.find((d) => d.severity === "error");
  if (!meshRead.model || meshError)
    throw new LoadError("bulgePreview.badFile", {
      file: meshPath,
      error: meshError?.message ?? "no faces",
    });
  const positions = meshRead.model.positions;
  const misfit = rigMisfit(rig, positions);
  if (misfit) throw new LoadError("bulgePreview.misfit", { reason: misfit });
  const deformer = new BulgeDeformer(rig, [], positions);
  const term = deformer.terms[0];
  if (!term) throw new LoadError("bulgePreview.noBulge", { file: rigPath });
  const matrices = new Float64Array(rig.joints.length * 12);
  const state: Loaded = {
    rig,
    parents: parentIndices(rig),
    deformer,
    term,
    angles: new Float64Array(rig.joints.length),
    matrices,
    jointMatrix: rig.joints.map((_, i) => matrices.subarray(i * 12, i * 12 + 12)),
    restEnds: Float32Array.from(rig.joints.flatMap((j) => [...j.head, ...j.tail])),
    rest: positions,
    reach: 0.1 * boneLength(rig, term.bone),
  };
  return { state, positions, triangles: triangulate(meshRead.model) };
}

async function readText(path: string): Promise<string> {
  const r = await readProjectFile(path);
  if (r.status === "missing") throw new LoadError("bulgePreview.missing", { file: path });
  if (r.status !== "ok")
    throw new LoadError("bulgePreview.unreadable", { file: path, reason: r.reason });
  return decodeText(r.bytes);
}

/** Looks along the bulge driver's flex axis (the bend happens in the picture's plane), a little from the side, the bulge's reference axis up. */
function viewFor(l: Loaded): { from: [number, number, number]; up: [number, number, number] } {
  const driver = l.rig.joints[l.term.driver]!;
  const bone = l.rig.joints[l.term.bone]!;
  const [fx, fy, fz] = normal(driver.flexAxis);
  const [ax, ay, az] = normal(bone.axis);
  return { from: [fx - 0.35 * ax, fy - 0.35 * ay, fz - 0.35 * az], up: [ax, ay, az] };
}

function normal(v: readonly [number, number, number]): [number, number, number] {
  const n = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / n, v[1] / n, v[2] / n];
}

function boneLength(rig: Rig, bone: number): number {
  const j = rig.joints[bone]!;
  return Math.hypot(j.tail[0] - j.head[0], j.tail[1] - j.head[1], j.tail[2] - j.head[2]);
}
