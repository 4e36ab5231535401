/**
 * The bulge preview's pick row: what is shown (a rig with its OBJ mesh, or
 * a glTF character of the project), and for a character its mesh and the
 * joint the flex slider drives, with the "Export baked glTF" button. It only
 * reports choices; the preview loads them.
 */
import { baseName } from "../../../src/core/path.js";
import { h } from "../dom.js";
import { t, tr } from "../i18n.js";
import type { GltfPick } from "./preview-gltf.js";
import type { GltfChoices } from "./preview-load.js";
import "./strings.js";

/** A rig with its OBJ mesh. */
export interface ObjSource {
  readonly rigPath: string;
  readonly meshPath: string;
}

/** What the preview can show. */
export type PreviewSource = ObjSource | GltfPick;

/** Whether `s` is a glTF character. */
export function isGltfSource(s: PreviewSource): s is GltfPick {
  return "gltf" in s;
}

/** The picker's label of a source: the character's file, or the rig's. */
export function sourceLabel(s: PreviewSource): string {
  return isGltfSource(s) ? baseName(s.gltf) : `${baseName(s.rigPath)} · ${baseName(s.meshPath)}`;
}

/** The row of pickers and the export button. */
export class PreviewPickers {
  readonly element = h("div", { className: "bulge-preview-pick" });
  private readonly character = h("select", { className: "bulge-character" });
  private readonly mesh = h("select", { className: "bulge-mesh" });
  private readonly joint = h("select", { className: "bulge-joint" });
  private readonly characterLabel = h("label", { className: "bulge-pick" });
  private readonly meshLabel = h("label", { className: "bulge-pick" });
  private readonly jointLabel = h("label", { className: "bulge-pick" });
  readonly exportButton = h("button", { type: "button", className: "bulge-export" });
  private sources: readonly PreviewSource[] = [];
  private choices: GltfChoices | undefined;
  private canExport = false;

  constructor(
    /** Called with the source the user picked (a character with its mesh and joint). */
    private readonly picked: (s: PreviewSource) => void,
    exportBaked: () => void,
  ) {
    this.characterLabel.append(tr("span", "bulgePreview.character"), this.character);
    this.meshLabel.append(tr("span", "bulgePreview.mesh"), this.mesh);
    this.jointLabel.append(tr("span", "bulgePreview.joint"), this.joint);
    this.exportButton.addEventListener("click", exportBaked);
    this.character.addEventListener("change", () => {
      const s = this.sources[Number(this.character.value)];
      if (s) this.picked(s);
    });
    const again = () => {
      const c = this.choices;
      if (c)
        this.picked({
          gltf: c.path,
          ...(c.rigPath ? { rigPath: c.rigPath } : {}),
          mesh: this.mesh.value,
          joint: this.joint.value,
        });
    };
    this.mesh.addEventListener("change", again);
    this.joint.addEventListener("change", again);
    this.element.append(this.characterLabel, this.meshLabel, this.jointLabel, this.exportButton);
    this.show(undefined);
  }

  /** The sources to pick from and the one shown (index; −1 for none). */
  setSources(sources: readonly PreviewSource[], shown: number): void {
    this.sources = sources;
    this.character.replaceChildren(
      ...sources.map((s, i) => h("option", { value: String(i) }, sourceLabel(s))),
    );
    this.character.value = String(shown);
    this.showRow();
  }

  /** Shows the character's meshes and joints (hidden for an OBJ), and whether it can be exported. */
  show(choices: GltfChoices | undefined, canExport = false): void {
    this.choices = choices;
    this.canExport = canExport;
    const options = (names: readonly string[]) => names.map((n) => h("option", { value: n }, n));
    this.mesh.replaceChildren(...options(choices?.meshes ?? []));
    this.joint.replaceChildren(...options(choices?.joints ?? []));
    if (choices) {
      this.mesh.value = choices.mesh;
      this.joint.value = choices.joint;
    }
    // One mesh needs no picker.
    this.meshLabel.hidden = !choices || choices.meshes.length < 2;
    this.jointLabel.hidden = !choices;
    this.exportButton.hidden = !choices;
    this.showRow();
    this.render();
  }

  /** One source needs no picker; the row shows when there is a choice or a character. */
  private showRow(): void {
    this.characterLabel.hidden = this.sources.length < 2;
    this.element.hidden = this.sources.length < 2 && !this.choices;
  }

  /** Enables the export button (a skinned mesh and a definition; not while a bake runs). */
  setExportEnabled(enabled: boolean): void {
    this.canExport = enabled;
    this.render();
  }

  /** Texts in the current language. */
  render(): void {
    this.exportButton.textContent = t("bulgePreview.export");
    this.exportButton.disabled = !this.canExport;
    this.exportButton.title = this.choices?.skinned === false ? t("bulgePreview.noSkin") : "";
    this.character.setAttribute("aria-label", t("bulgePreview.character"));
  }
}
