/**
 * What the shell knows of a file from the format registry the server sends
 * (`GET /api/files`' `formats`): its format by name, and whether it indexes
 * other files. No format, extension or workspace is named here.
 */
import type { FormatInfo } from "../../../src/core/formats/reply.js";
import { baseName } from "../../../src/core/path.js";

/** The format `path`'s name gives among `formats` (exact file names first, then the extension), as the registry's `byName`. */
export function formatOfName(formats: readonly FormatInfo[], path: string): FormatInfo | undefined {
  const name = baseName(path).toLowerCase();
  return (
    formats.find((f) => f.fileNames?.some((n) => n.toLowerCase() === name)) ??
    formats.find((f) => f.extensions.some((e) => name.endsWith(e.toLowerCase())))
  );
}

/** What a file named `path` indexes (a series, or the parts of one data set), if its format says. */
export function indexKind(
  formats: readonly FormatInfo[],
  path: string,
): "series" | "parts" | undefined {
  return formatOfName(formats, path)?.indexes;
}
