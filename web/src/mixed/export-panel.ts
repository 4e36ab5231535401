/** Export tools: the whole animation as one glTF download, or a VTK series written into the project. */

import { folderOf, stemOf } from "../../../src/core/path.js";
import { exportGltf } from "../../../src/mixed/gltf/index.js";
import { vtkFiles } from "../../../src/mixed/vtk/index.js";
import { writeProjectFile } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { downloadBytes } from "../shell/download.js";
import { toolButton } from "../shell/tool-button.js";
import { fetchLeftCells } from "./mesh-server.js";
import type { MixedSession } from "./session.js";

/** The studio's tools of a mixed or mesh workspace (its `tools` option): the export panel. */
export const exportTools = (session: MixedSession): ExportPanel => new ExportPanel(session);

/** Frames per second of the VTK series written from the studio. */
const VTK_FPS = 10;

/** The export buttons and their status line. */
export class ExportPanel {
  readonly element = h("div", { className: "export-tools" });
  private readonly status = h("div", { className: "export-status", role: "status" });

  constructor(private readonly session: MixedSession) {
    this.render();
  }

  /** Rebuilds the buttons (after a language switch). */
  render(): void {
    this.element.replaceChildren(
      toolButton("export-gltf", "download", "export.gltf", () => void this.exportGltf()),
      toolButton("export-vtk", "upload", "export.vtk", () => void this.exportVtk()),
      this.status,
    );
  }

  private say(text: string): void {
    this.status.textContent = text;
  }

  /** Exports the whole animation as one .glb and downloads it. */
  private async exportGltf(): Promise<void> {
    const s = this.session;
    try {
      const glb = await exportGltf(s.scene, {
        onProgress: (done, total) => this.say(t("export.working", { done, total })),
      });
      const file = `${stemOf(s.file)}.glb`;
      downloadBytes(glb, file, "model/gltf-binary");
      this.say(t("export.savedGltf", { file }));
    } catch (e) {
      this.say(t("export.failed", { error: (e as Error).message }));
    }
  }

  /** Writes a VTK series into `<name>-vtk/` next to the .amx in the project. */
  private async exportVtk(): Promise<void> {
    const s = this.session;
    const name = stemOf(s.file);
    const folder = `${folderOf(s.file)}${name}-vtk`;
    let overwrite = false;
    let count = 0;
    try {
      // A mesh the server opened came without its cells' node lists (decision 350).
      for (const b of s.scene.bodies)
        for (const v of b.variants)
          if (v.animation && !(await fetchLeftCells(v.animation)))
            throw new Error(t("export.noCells"));
      for (const f of vtkFiles(s.scene, {
        name,
        fps: VTK_FPS,
        onProgress: (done, total) => this.say(t("export.working", { done, total })),
      })) {
        const data = typeof f.data === "string" ? new TextEncoder().encode(f.data) : f.data;
        let result = await writeProjectFile(`${folder}/${f.name}`, data, overwrite);
        if (result === "exists") {
          if (!confirm(t("export.replace", { folder }))) return;
          overwrite = true;
          result = await writeProjectFile(`${folder}/${f.name}`, data, true);
        }
        count++;
      }
      this.say(t("export.savedVtk", { count, folder }));
      this.element.dispatchEvent(new CustomEvent("files-changed", { bubbles: true }));
    } catch (e) {
      this.say(t("export.failed", { error: (e as Error).message }));
    }
  }
}
