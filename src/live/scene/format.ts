/** The live scene format's descriptor for the format registry. */
import { decodeText } from "../../core/bytes.js";
import { defineFormat } from "../../core/formats/descriptor.js";
import { LIVE_MESSAGES_RU } from "../i18n-ru.js";
import { LIVE } from "./codes.js";
import type { Scene } from "./model.js";

/** A short summary of a scene for the studio's file view. */
export function sceneSummary(scene: Scene): unknown {
  return {
    size: [scene.width, scene.height],
    zeroFrame: scene.zeroFrame,
    frames: scene.frames.map((f) => ({ name: f.name, points: f.points.size, cuts: f.cuts.length })),
    stories: [...scene.stories].map(([name, frames]) => ({ name, frames })),
    rules: scene.rules.length,
    signals: scene.signals.map((s) => s.name),
  };
}

/**
 * Live scene (`*.scene.json`): JSON, recognised by its name. Its companions
 * are the key-frame pictures, checked through `context.read` when given
 * (PNG0xx located at each frame's `image`, as `live check` reports them).
 */
export const SCENE_FORMAT = defineFormat({
  id: "live-scene",
  label: "live scene",
  labels: { ru: "живая сцена" },
  messages: { ru: LIVE_MESSAGES_RU },
  system: "live",
  extensions: [".scene.json"],
  // The reader loads on first use: recognising a file (every CLI command) needs only the magic.
  // With a companion reader the key-frame pictures are checked too, as `live check` does.
  async read(bytes, name, context = {}) {
    const text = decodeText(bytes);
    if (context.read) {
      const { loadLiveProject } = await import("../load.js");
      const r = await loadLiveProject(name, text, context.read);
      return { model: r.scene, diagnostics: r.diagnostics, text };
    }
    const { readScene } = await import("./read.js");
    const r = readScene(text);
    return { model: r.model, diagnostics: r.diagnostics, text };
  },
  summary: sceneSummary,
  codes: [LIVE],
  docsPage: "live-scene.md",
  workspace: "live",
});
