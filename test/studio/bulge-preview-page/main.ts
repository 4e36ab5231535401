/**
 * A test-only page (built by bulge-preview.browser.test.ts into a temporary
 * folder): the bulge preview alone, filling the window, on the project's
 * arm with the catalogue's definition `?code=` (default 5), or on the glTF
 * character `?gltf=` (with `?rig=` and `?joint=` when given), or — with
 * `?sources` — on the first of what the workspace would offer. The test drives
 * it through `window.preview`.
 */
import "../../../web/src/style.css";
import { readBulgeTypes, readRig } from "../../../src/bulge/index.js";
import { decodeText } from "../../../src/core/bytes.js";
import { listFiles, readProjectFile } from "../../../web/src/api.js";
import { BulgePreview } from "../../../web/src/bulge/preview.js";
import { previewSources } from "../../../web/src/bulge/preview-sources.js";
import type { ProjectRig } from "../../../web/src/bulge/session.js";

declare global {
  interface Window {
    preview: BulgePreview;
    /** Every flex the preview reported. */
    heard: number[];
  }
}

const params = new URLSearchParams(location.search);
const preview = new BulgePreview();
window.preview = preview;
window.heard = [];
preview.flexChanged((deg) => window.heard.push(deg));
const app = document.getElementById("app")!;
app.style.height = "100vh";
app.append(preview.element);
const types = await readProjectFile("misc_data/bulge_types");
if (types.status === "ok") {
  const code = Number(params.get("code") ?? 5);
  preview.setDefinition(
    readBulgeTypes(decodeText(types.bytes)).model.bulges.find((b) => b.code === code),
  );
}
const gltf = params.get("gltf");
const rig = params.get("rig");
if (params.has("sources")) {
  // As the workspace does: the project's rigs and characters offered, the first shown.
  const rigs: ProjectRig[] = [];
  for (const f of (await listFiles()).files.filter((x) => x.path.endsWith(".rig.json"))) {
    const r = await readProjectFile(f.path);
    const model = r.status === "ok" ? readRig(decodeText(r.bytes)).model : undefined;
    if (model) rigs.push({ path: f.path, rig: model });
  }
  const sources = await previewSources(rigs);
  preview.setSources(sources, 0);
  if (sources[0]) await preview.load(sources[0]);
} else
  await preview.load(
    gltf
      ? {
          gltf,
          ...(rig ? { rigPath: rig } : {}),
          ...(params.get("joint") ? { joint: params.get("joint")! } : {}),
        }
      : { rigPath: rig ?? "arm.rig.json", meshPath: params.get("mesh") ?? "arm.obj" },
  );
