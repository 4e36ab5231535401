/**
 * What a file of no known format looks like, from its first bytes, for
 * messages such as "x.bin: unknown format; looks like a PNG image". Never
 * echoes binary content; quotes at most a short, printable first word of text.
 */

/** Well-known signatures of formats no system reads, with what to call them. */
const FOREIGN: readonly { readonly magic: readonly number[]; readonly what: string }[] = [
  { magic: [0x89, 0x50, 0x4e, 0x47], what: "a PNG image" },
  { magic: [0xff, 0xd8, 0xff], what: "a JPEG image" },
  { magic: [0x47, 0x49, 0x46, 0x38], what: "a GIF image" },
  { magic: [0x25, 0x50, 0x44, 0x46], what: "a PDF document" },
  { magic: [0x50, 0x4b, 0x03, 0x04], what: "a ZIP archive" },
  { magic: [0x1f, 0x8b], what: "a gzip-compressed file" },
  { magic: [0x67, 0x6c, 0x54, 0x46], what: "a binary glTF (.glb)" },
  { magic: [0x7f, 0x45, 0x4c, 0x46], what: "an executable (ELF)" },
];

const decoder = new TextDecoder("utf-8", { fatal: false });

/** How many leading bytes decide whether a file is text ({@link looksLikeText}); recognition needs fewer. */
export const TEXT_PROBE_BYTES = 8192;

/** Whether `head` (a file's first bytes) reads as text: no NUL, at most one control byte in 20 (and one more), no foreign magic. */
export function looksLikeText(head: Uint8Array): boolean {
  if (FOREIGN.some((f) => f.magic.every((b, i) => head[i] === b))) return false;
  let control = 0;
  for (const b of head) {
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
  }
  // One stray control byte (an escape in a short text file) does not make it binary.
  return control <= 1 + head.length / 20;
}

/** A phrase saying what `head` (a file's first bytes) looks like, e.g. "a PNG image", "text starting with 'solid'". */
export function describeContent(head: Uint8Array): string {
  if (head.length === 0) return "an empty file";
  for (const f of FOREIGN) {
    if (f.magic.every((b, i) => head[i] === b)) return f.what;
  }
  if (!looksLikeText(head)) return "binary data";
  const text = decoder
    .decode(head)
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (text.startsWith("<?xml") || text.startsWith("<")) {
    if (/<VTKFile\b/.test(text)) return "a VTK XML file";
    return "an XML file";
  }
  if (text.startsWith("{") || text.startsWith("[")) return "JSON or other structured text";
  const word = /^[\p{L}\p{N}\p{P}\p{S}]{1,24}/u.exec(text)?.[0]?.replace(/['"`]/g, "");
  return word ? `text starting with '${word}'` : "text";
}
