/**
 * What a file looks like, from its first bytes and its name, asked of the
 * format registry (src/formats.ts) and the core's description of foreign
 * content. Used to say "this is a binary .agr (mesh animation), not an .amx"
 * instead of parsing the wrong thing and echoing its bytes.
 */
import {
  describeContent,
  formatPhrase,
  HEAD_BYTES,
  looksLikeText,
  TEXT_PROBE_BYTES,
} from "../core/formats/index.js";
import { FORMATS } from "../formats.js";

/** A registry format id (`amx`, `cad-matrixes`, `agr`, `amb`, `vtu`, …). */
export type FormatId = string;

/** What {@link sniffFormat} found. */
export interface Sniffed {
  /** The registry format, when the file is recognisably one of ours. */
  readonly format?: FormatId;
  /** How to name it to a user, e.g. "a binary .agr (mesh animation)", "a PNG image". */
  readonly label: string;
  /** Whether the bytes are not text (their lines must never be echoed). */
  readonly binary: boolean;
}

/** What the file `name` with content `bytes` looks like: its content's format, else binary data, else its name's format. */
export function sniffFormat(bytes: Uint8Array, name: string): Sniffed {
  const head = bytes.subarray(0, HEAD_BYTES);
  const probe = bytes.subarray(0, TEXT_PROBE_BYTES);
  const binary = !looksLikeText(probe);
  const r = FORMATS.recognise(name, head);
  if (r?.by === "content") {
    return { format: r.format.id, label: formatPhrase(r.format, r.variant), binary };
  }
  // A binary format without a magic of its own (NetCDF-4 Exodus: HDF5 inside) is known by its name.
  if (binary && !r?.format.binaryWithoutMagic) return { label: describeContent(probe), binary };
  if (r) return { format: r.format.id, label: formatPhrase(r.format), binary };
  return { label: describeContent(probe), binary };
}

/**
 * Why `bytes` (file `name`) cannot be read as the registry format `expected` (or one of several),
 * e.g. "this is a binary .agr (mesh animation), not an .amx (mixed
 * animation)"; undefined when it may be one (recognised as it, or text of no
 * known format).
 */
export function formatMismatch(
  bytes: Uint8Array,
  name: string,
  expected: FormatId | readonly FormatId[],
): string | undefined {
  const s = sniffFormat(bytes, name);
  const ids: readonly FormatId[] = typeof expected === "string" ? [expected] : expected;
  if ((s.format !== undefined && ids.includes(s.format)) || (s.format === undefined && !s.binary))
    return undefined;
  const first = ids[0] ?? "";
  const want = FORMATS.byId(first);
  return `this is ${s.label}, not ${want ? formatPhrase(want) : first}`;
}
