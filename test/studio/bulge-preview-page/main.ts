/**
 * A test-only page (built by bulge-preview.browser.test.ts into a temporary
 * folder): the bulge preview alone, filling the window, on the project's
 * arm with the catalogue's definition `?code=` (default 5), or on the glTF
 * character `?gltf=` (with `?rig=` and `?joint=` when given). The test drives
 * it through `window.preview`.
 */
import "../../../web/src/style.css";
import { readBulgeTypes } from "../../../src/bulge/index.js";
import { decodeText } from "../../../src/core/bytes.js";
import { readProjectFile } from "../../../web/src/api.js";
import { BulgePreview } from "../../../web/src/bulge/preview.js";

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
await preview.load(
  gltf
    ? {
        gltf,
        ...(rig ? { rigPath: rig } : {}),
        ...(params.get("joint") ? { joint: params.get("joint")! } : {}),
      }
    : { rigPath: rig ?? "arm.rig.json", meshPath: params.get("mesh") ?? "arm.obj" },
);
