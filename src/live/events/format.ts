/** The live events file's descriptor for the format registry. */
import { decodeText } from "../../core/bytes.js";
import { defineFormat } from "../../core/formats/descriptor.js";
import { LIVE_MESSAGES_RU } from "../i18n-ru.js";
import type { ExternalInput } from "../player/types.js";
import { EVT } from "./codes.js";

/** Live events (`events.json`, `*.events.json`): the inputs `live render` delivers; JSON, recognised by its name. */
export const EVENTS_FORMAT = defineFormat<ExternalInput[]>({
  id: "live-events",
  label: "live events",
  labels: { ru: "события живой модели" },
  messages: { ru: LIVE_MESSAGES_RU },
  system: "live",
  extensions: [".events.json"],
  fileNames: ["events.json"],
  // The reader loads on first use: recognising a file (every CLI command) needs only the magic.
  async read(bytes) {
    const { readEvents } = await import("./read.js");
    const text = decodeText(bytes);
    const r = readEvents(text);
    return { model: r.model, diagnostics: r.diagnostics, text };
  },
  summary: (inputs) => ({
    inputs: inputs.length,
    events: [...new Set(inputs.flatMap((i) => ("event" in i ? [i.event] : [])))],
    signals: [...new Set(inputs.flatMap((i) => ("signal" in i ? [i.signal] : [])))],
    lastMs: inputs.reduce((m, i) => Math.max(m, i.atMs), 0),
  }),
  codes: [EVT],
  docsPage: "live-events.md",
});
