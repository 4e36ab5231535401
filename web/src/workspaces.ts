/**
 * The studio's workspaces, in tab order. Adding one is one line here: a
 * descriptor (id, label, which files it opens, how to make it). The mesh
 * view reads with the format registry (`src/formats.ts`, as the server's).
 */
import { FORMATS } from "../../src/formats.js";
import { BulgeWorkspace } from "./bulge/workspace.js";
import { h } from "./dom.js";
import { FileView } from "./file-view.js";
import { useFormatText } from "./i18n/formats.js";
import { tr } from "./i18n.js";
import { LiveWorkspace } from "./live/workspace.js";
import { exportTools } from "./mixed/export-panel.js";
import { meshWorkspace, prefetchMesh } from "./mixed/mesh-workspace.js";
import { loadAmxScene, MixedWorkspace } from "./mixed/workspace.js";
import { FILE_WORKSPACE, registerWorkspace, type Workspace } from "./shell/workspace.js";

/** The single-file check (summary and located problems of any format the file view knows). */
function fileWorkspace(): Workspace {
  const view = new FileView();
  const pick = tr("p", "file.pick");
  const element = h("div", { className: "workspace file-host" }, pick, view.element);
  return {
    element,
    open: async (route) => {
      pick.hidden = route.file !== undefined;
      view.element.hidden = route.file === undefined;
      if (route.file) await view.show(route.file);
    },
    close: () => undefined,
  };
}

useFormatText(FORMATS);

registerWorkspace({
  id: "mixed",
  label: "ws.mixed",
  tab: true,
  playsFiles: true,
  openLabel: "file.play",
  create: () =>
    new MixedWorkspace({ id: "mixed", load: loadAmxScene, pick: "mixed.pick", tools: exportTools }),
});
registerWorkspace({
  id: "mesh",
  label: "ws.mesh",
  tab: true,
  playsFiles: true,
  create: () => meshWorkspace(FORMATS),
  prefetch: prefetchMesh,
});
registerWorkspace({
  id: "bulge",
  label: "ws.bulge",
  tab: true,
  playsFiles: true,
  create: () => new BulgeWorkspace(),
});
registerWorkspace({
  id: "live",
  label: "ws.live",
  tab: true,
  playsFiles: true,
  create: () => new LiveWorkspace(),
});
registerWorkspace({
  id: FILE_WORKSPACE,
  label: "ws.file",
  tab: false,
  playsFiles: false,
  create: fileWorkspace,
});
