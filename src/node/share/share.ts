/**
 * `shareFile`: one file → one self-contained HTML page, for the CLI's
 * `deforma share` and the studio's `GET /api/share` alike. The file's kind
 * is the first of {@link SHARE_KINDS} that takes it; a file no kind takes
 * (FMT008), one with errors (FMT009), one naming a file that cannot be read
 * (FMT010, beside the kind's own finding) or too large a page (FMT011) gets
 * a located finding and no page. Never throws.
 */

import { decodeText } from "../../core/bytes.js";
import { type Diagnostic, hasErrors } from "../../core/diagnostics.js";
import type { FileReader } from "../../core/file-source.js";
import { FORMAT, HEAD_BYTES, looksLikeText, TEXT_PROBE_BYTES } from "../../core/formats/index.js";
import { msg } from "../../core/message.js";
import { baseName } from "../../core/path.js";
import type { FileReport } from "../../core/report.js";
import { FORMATS } from "../../formats.js";
import { type ShareLang, shareHtml } from "./html.js";
import { SHARE_KINDS } from "./kinds.js";
import type { ShareInput, ShareKind } from "./types.js";

/** Most bytes of data one page holds (before base64): larger pages are refused (FMT011, decision 328). */
export const MAX_SHARE_PAYLOAD = 64 * 1024 * 1024;

/** What {@link shareFile} needs besides the file. */
export interface ShareOptions {
  /** Reads the files the shared one names. */
  readonly read: FileReader;
  /** The player bundle's text ({@link readPlayerBundle}). */
  readonly player: string;
  readonly version: string;
  readonly lang: ShareLang;
  /** The page's date (default: today, UTC). */
  readonly date?: Date;
  /** The kinds asked (default {@link SHARE_KINDS}). */
  readonly kinds?: readonly ShareKind[];
  /** Most bytes of data (default {@link MAX_SHARE_PAYLOAD}). */
  readonly maxPayload?: number;
}

/** The page, or why not: the file's findings either way. */
export interface ShareResult {
  readonly html?: string | undefined;
  /** The kind that packed it. */
  readonly kind?: string | undefined;
  readonly report: FileReport[];
}

/** One finding at the file's start (line 1, column 1 of a text; byte 0 of binary data), in a report of its own. */
function at0(file: string, bytes: Uint8Array, d: Omit<Diagnostic, "start" | "end">): FileReport {
  const text = looksLikeText(bytes.subarray(0, TEXT_PROBE_BYTES)) ? decodeText(bytes) : undefined;
  return { file, text, diagnostics: [{ ...d, start: 0, end: 0 }] };
}

/** The page of `file` (its bytes `bytes`); see the module comment. */
export async function shareFile(
  file: string,
  bytes: Uint8Array,
  options: ShareOptions,
): Promise<ShareResult> {
  const format = FORMATS.recognise(file, bytes.subarray(0, HEAD_BYTES))?.format;
  const input: ShareInput = { file, bytes, format, read: options.read };
  const kinds = options.kinds ?? SHARE_KINDS;
  const kind = kinds.find((k) => k.detect(input));
  if (!kind) {
    const named = format?.label ?? "unknown";
    const can = kinds.map((k) => k.id).join(", ");
    const m = msg`${{ format: named }} files cannot be shared as HTML (shareable kinds: ${can})`;
    return {
      report: [at0(file, bytes, { ...FORMAT.notShareable, message: m.text, args: m.args })],
    };
  }
  let pack: Awaited<ReturnType<ShareKind["pack"]>>;
  try {
    pack = await kind.pack(input);
  } catch (e) {
    const m = `the ${kind.id} packer failed: ${(e as Error).message}`;
    return { report: [at0(file, bytes, { ...FORMAT.readerFailed, message: m })] };
  }
  const report = pack.report;
  // A kind's own share finding (FMT…) says why already; "has errors" is for the file's own.
  const said = report.some((r) => r.diagnostics.some((d) => d.code.startsWith("FMT")));
  if (report.some((r) => hasErrors(r.diagnostics)) && said) return { report };
  if (report.some((r) => hasErrors(r.diagnostics))) {
    const m = msg`${{ file: baseName(file) }} has errors; no HTML written`;
    return {
      report: [
        ...report,
        at0(file, bytes, { ...FORMAT.shareHasErrors, message: m.text, args: m.args }),
      ],
    };
  }
  if (!pack.packed) {
    const m = `the ${kind.id} packer gave no data`;
    return { report: [...report, at0(file, bytes, { ...FORMAT.readerFailed, message: m })] };
  }
  const limit = options.maxPayload ?? MAX_SHARE_PAYLOAD;
  if (pack.packed.payload.length > limit) {
    const size = pack.packed.payload.length;
    const m = msg`the page's data holds ${{ size }} bytes, more than ${{ limit }}; not written`;
    return {
      report: [
        ...report,
        at0(file, bytes, { ...FORMAT.shareTooLarge, message: m.text, args: m.args }),
      ],
    };
  }
  const date = (options.date ?? new Date()).toISOString().slice(0, 10);
  const html = shareHtml({
    player: options.player,
    packed: pack.packed,
    file: baseName(file),
    date,
    version: options.version,
    lang: options.lang,
  });
  return { html, kind: kind.id, report };
}
