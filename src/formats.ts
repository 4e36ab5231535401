/**
 * The formats every system knows, in one registry: the CLI's `check`, the
 * studio server and the diagnostics docs read it. A system adds its list
 * here (one line); a test or plugin adds one format with {@link registerFormat}.
 */

import { BULGE_FORMATS } from "./bulge/formats.js";
import { type AnyFormat, FormatRegistry } from "./core/formats/index.js";
import { LIVE_FORMATS } from "./live/formats.js";
import { MIXED_FORMATS } from "./mixed/formats.js";

/** Every system's formats, in the registry's order (what {@link FORMATS} holds before any is registered). */
export const BUILT_IN_FORMATS: readonly AnyFormat[] = [
  ...MIXED_FORMATS,
  ...BULGE_FORMATS,
  ...LIVE_FORMATS,
];

/** The registry of all known formats. */
export const FORMATS = new FormatRegistry(BUILT_IN_FORMATS);

/**
 * Adds a format to {@link FORMATS}: it is then recognised by `check`, the
 * studio and the docs. Returns a function that removes it again.
 */
export function registerFormat(format: AnyFormat): () => void {
  return FORMATS.register(format);
}
