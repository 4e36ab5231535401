/**
 * The formats every system knows, in one registry: the CLI's `check`, the
 * studio server and the diagnostics docs read it. A system adds its list
 * here (one line); a test or plugin adds one format with {@link registerFormat}.
 */

import { BULGE_FORMATS } from "./bulge/formats.js";
import { type AnyFormat, FormatRegistry } from "./core/formats/index.js";
import { LIVE_FORMATS } from "./live/formats.js";
import { MIXED_FORMATS } from "./mixed/formats.js";

/** The registry of all known formats. */
export const FORMATS = new FormatRegistry([...MIXED_FORMATS, ...BULGE_FORMATS, ...LIVE_FORMATS]);

/**
 * Adds a format to {@link FORMATS}: it is then recognised by `check`, the
 * studio and the docs. Returns a function that removes it again.
 */
export function registerFormat(format: AnyFormat): () => void {
  return FORMATS.register(format);
}
