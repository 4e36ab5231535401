/** A workspace that is announced but not built yet: its tab shows what it will do. */
import { h } from "../dom.js";
import { type MessageKey, tr } from "../i18n.js";
import type { WorkspaceDescriptor } from "./workspace.js";

/** A placeholder workspace `id` named `label` whose page says `message`. */
export function comingWorkspace(
  id: string,
  label: MessageKey,
  message: MessageKey,
): WorkspaceDescriptor {
  return {
    id,
    label,
    tab: true,
    playsFiles: false,
    create: () => ({
      element: h(
        "section",
        { className: "workspace coming", dataset: { ws: id } },
        h(
          "div",
          { className: "coming-card" },
          tr("h2", label),
          tr("p", message),
          tr("p", "ws.coming"),
        ),
      ),
      open: () => undefined,
      close: () => undefined,
    }),
  };
}
