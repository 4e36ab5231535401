/**
 * What the shell knows of a file from the format registry the server sends
 * (`GET /api/files`' `formats`): its format by name, and whether it indexes
 * other files. No format, extension or workspace is named here.
 */

import { formatByName } from "../../../src/core/formats/registry.js";
import type { FormatInfo } from "../../../src/core/formats/reply.js";

/** The format `path`'s name gives among `formats`, by the registry's one rule ({@link formatByName}). */
export function formatOfName(formats: readonly FormatInfo[], path: string): FormatInfo | undefined {
  return formatByName(formats, path);
}

/** What a file named `path` indexes (a series, or the parts of one data set), if its format says. */
export function indexKind(
  formats: readonly FormatInfo[],
  path: string,
): "series" | "parts" | undefined {
  return formatOfName(formats, path)?.indexes;
}
