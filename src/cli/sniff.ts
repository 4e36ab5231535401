/**
 * What a file looks like, from its first bytes and its name: one of the
 * formats the CLI reads, or a well-known kind of binary data. Used to say
 * "this is a binary .agr, not an .amx" instead of parsing the wrong thing and
 * echoing its bytes. (The format registry may later answer the same question;
 * this is the one place the CLI asks it.)
 */

/** The formats the CLI's commands read. */
export type FormatId = "amx" | "cad" | "agr" | "amb" | "vtk";

/** What {@link sniffFormat} found. */
export interface Sniffed {
  /** The format, when the file is recognisably one of ours. */
  readonly format?: FormatId;
  /** How to name it to a user, e.g. "a binary .agr (mesh animation)". */
  readonly label: string;
  /** Whether the bytes are not text (their lines must never be echoed). */
  readonly binary: boolean;
}

/** How each format is named in "…, not an .amx". */
export const FORMAT_NAMES: Readonly<Record<FormatId, string>> = {
  amx: "an .amx",
  cad: "a CAD_Matrixes.dat",
  agr: "an .agr",
  amb: "an .amb",
  vtk: "a VTK file",
};

/** `\x89XYZ\r\n\x1a\n`, the magic of the binary `.agr`/`.amb` (see mixed/container.ts). */
function ourMagic(b: Uint8Array): string | undefined {
  if (b.length < 8 || b[0] !== 0x89) return undefined;
  if (b[4] !== 0x0d || b[5] !== 0x0a || b[6] !== 0x1a || b[7] !== 0x0a) return undefined;
  return String.fromCharCode(b[1]!, b[2]!, b[3]!);
}

const FOREIGN: readonly { readonly magic: readonly number[]; readonly what: string }[] = [
  { magic: [0x89, 0x50, 0x4e, 0x47], what: "a PNG image" },
  { magic: [0xff, 0xd8, 0xff], what: "a JPEG image" },
  { magic: [0x50, 0x4b, 0x03, 0x04], what: "a zip archive" },
  { magic: [0x1f, 0x8b], what: "gzip-compressed data" },
  { magic: [0x7f, 0x45, 0x4c, 0x46], what: "an ELF executable" },
  { magic: [0x4d, 0x5a], what: "a Windows executable" },
  { magic: [0x25, 0x50, 0x44, 0x46], what: "a PDF document" },
  { magic: [0x67, 0x6c, 0x54, 0x46], what: "a binary glTF (.glb)" },
];

function startsWithBytes(b: Uint8Array, magic: readonly number[]): boolean {
  return magic.length <= b.length && magic.every((m, i) => b[i] === m);
}

/**
 * Whether the first 8 KiB look like binary data: a NUL byte, or more than 1 %
 * control characters. Invalid UTF-8 alone is not binary: FRUND files from
 * Windows may hold Windows-1251 file names.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  let control = 0;
  for (const c of head) {
    if (c === 0) return true;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) control++;
  }
  return control > head.length / 100 + 1;
}

function baseName(name: string): string {
  return name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1).toLowerCase();
}

/** What the file `name` with content `bytes` looks like (content first, then the name). */
export function sniffFormat(bytes: Uint8Array, name: string): Sniffed {
  const tag = ourMagic(bytes);
  if (tag === "AGR")
    return { format: "agr", label: "a binary .agr (mesh animation)", binary: true };
  if (tag === "AMB") return { format: "amb", label: "a binary .amb (MBS animation)", binary: true };
  for (const f of FOREIGN) {
    if (startsWithBytes(bytes, f.magic)) return { label: `binary data (${f.what})`, binary: true };
  }
  if (looksBinary(bytes)) return { label: "binary data", binary: true };
  const head = new TextDecoder().decode(bytes.subarray(0, 256)).replace(/^\uFEFF/, "");
  const first = head.trimStart();
  if (first.startsWith("DEFORMA-AGR")) {
    return { format: "agr", label: "a text .agr (mesh animation)", binary: false };
  }
  if (first.startsWith("DEFORMA-AMB")) {
    return { format: "amb", label: "a text .amb (MBS animation)", binary: false };
  }
  if (first.startsWith("<?xml") || first.startsWith("<VTKFile") || /^# vtk DataFile/.test(first)) {
    return { format: "vtk", label: "a VTK file", binary: false };
  }
  const base = baseName(name);
  if (/^cad_matrixes.*\.dat$/.test(base)) {
    return { format: "cad", label: "a CAD_Matrixes.dat", binary: false };
  }
  if (base.endsWith(".amx")) return { format: "amx", label: "an .amx", binary: false };
  if (/\.(vtu|vtm|pvd|vtk)$/.test(base))
    return { format: "vtk", label: "a VTK file", binary: false };
  // An .amx starts with its MBS file name.
  if (/^\S+\.amb\s/i.test(first)) return { format: "amx", label: "an .amx", binary: false };
  return { label: bytes.length === 0 ? "an empty file" : "text", binary: false };
}

/**
 * Why `bytes` (file `name`) cannot be read as `expected`, e.g. "this is a
 * binary .agr (mesh animation), not an .amx"; undefined when it may be one.
 */
export function formatMismatch(
  bytes: Uint8Array,
  name: string,
  expected: FormatId,
): string | undefined {
  const s = sniffFormat(bytes, name);
  if (s.format === expected) return undefined;
  if (s.format !== undefined || s.binary)
    return `this is ${s.label}, not ${FORMAT_NAMES[expected]}`;
  return undefined;
}
