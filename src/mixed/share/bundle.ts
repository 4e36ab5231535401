/**
 * A packed model folder (`*.dmodel`, docs/formats/mesh-pack.md): the files a
 * mixed model opens (`.amx`, `CAD_Matrixes.dat`, `.amb`, mesh animations),
 * each deflated, and every mesh animation as a packed mesh series instead of
 * its bytes. Its reader is a {@link FileReader}, so the player opens the
 * model with the same loader as the studio: a mesh animation reads back as
 * a binary `.agr` written from its decoded frames.
 */
import { concatBytes } from "../../core/bytes.js";
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import type { FileReader, FileSource } from "../../core/file-source.js";
import { inflate } from "../../core/inflate.js";
import { msg } from "../../core/message.js";
import { readAgr, writeAgrBinary } from "../agr/index.js";
import { MESH_PACK, type MeshPackCode, type MeshPackKind } from "./codes.js";
import { unpackMesh } from "./decode.js";
import { deflate } from "./deflate.js";
import { type PackOptions, packMesh } from "./encode.js";
import { PREFIX_BYTES } from "./header.js";

/** `\x89DMODEL\n`: the packed model folder's magic. */
export const MODEL_PACK_MAGIC = new Uint8Array([0x89, 0x44, 0x4d, 0x4f, 0x44, 0x45, 0x4c, 0x0a]);
/** The most bytes a packed model folder's files may declare in all. */
export const MAX_MODEL_BYTES = 512 * 1024 * 1024;

/** One file of a model folder. */
export interface ModelFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** A file's entry in the header: `raw` (deflated bytes, `size` of them) or `mesh` (a packed mesh series). */
interface Entry {
  readonly name: string;
  readonly kind: "raw" | "mesh";
  readonly size: number;
  readonly packed: number;
}

/** The bytes of a packed model folder of `files`; a readable `.agr` is packed as a mesh series within `options`. */
export async function packModel(
  files: readonly ModelFile[],
  options: PackOptions = {},
): Promise<Uint8Array> {
  const entries: Entry[] = [];
  const parts: Uint8Array[] = [];
  for (const f of files) {
    const agr = f.name.toLowerCase().endsWith(".agr") ? readAgr(f.bytes) : undefined;
    const mesh =
      agr?.model && !agr.diagnostics.some((d) => d.severity === "error") ? agr.model : undefined;
    const bytes = mesh ? await packMesh(mesh, options) : await deflate(f.bytes);
    entries.push({
      name: f.name,
      kind: mesh ? "mesh" : "raw",
      size: mesh ? bytes.length : f.bytes.length,
      packed: bytes.length,
    });
    parts.push(bytes);
  }
  const json = new TextEncoder().encode(JSON.stringify({ files: entries }));
  const prefix = new Uint8Array(PREFIX_BYTES);
  prefix.set(MODEL_PACK_MAGIC);
  new DataView(prefix.buffer).setUint32(8, 1, true);
  new DataView(prefix.buffer).setUint32(12, json.length, true);
  return concatBytes([prefix, json, ...parts]);
}

/** What {@link unpackModel} read: the folder's reader and the findings about the container. */
export interface ModelPackReadResult {
  /** Reads a file of the folder by name (its base name; a missing one is `missing`). */
  readonly read: FileReader;
  /** The files' names in packed order. */
  readonly names: readonly string[];
  readonly diagnostics: Diagnostic<MeshPackCode>[];
}

const isEntry = (e: Entry): boolean =>
  typeof e?.name === "string" &&
  (e.kind === "raw" || e.kind === "mesh") &&
  Number.isSafeInteger(e.size) &&
  e.size >= 0 &&
  Number.isSafeInteger(e.packed) &&
  e.packed >= 0;

/** The entries of `bytes`' header, or undefined with a finding. */
function entries(bytes: Uint8Array, sink: DiagnosticSink<MeshPackKind>): Entry[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = bytes.length >= PREFIX_BYTES && MODEL_PACK_MAGIC.every((b, i) => bytes[i] === b);
  if (!magic || view.getUint32(8, true) !== 1) {
    sink.report(
      MESH_PACK.notPacked,
      msg`not a packed model folder of version ${{ version: 1 }} (magic \\x89DMODEL and a version word expected)`,
      0,
      Math.min(bytes.length, PREFIX_BYTES),
    );
    return undefined;
  }
  const length = view.getUint32(12, true);
  let files: Entry[] | undefined;
  try {
    files = JSON.parse(
      new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + length)),
    ).files;
  } catch {
    files = undefined;
  }
  const total = Array.isArray(files)
    ? files.reduce((t, e) => t + (isEntry(e) ? e.size + e.packed : Number.NaN), 0)
    : Number.NaN;
  const end =
    PREFIX_BYTES + length + (Array.isArray(files) ? files.reduce((t, e) => t + e.packed, 0) : 0);
  if (!Array.isArray(files) || !(total <= MAX_MODEL_BYTES) || end > bytes.length) {
    const problem =
      !Array.isArray(files) || Number.isNaN(total)
        ? "its file list does not parse"
        : end > bytes.length
          ? "its files run past the end of the file"
          : `its files declare more than ${MAX_MODEL_BYTES} bytes`;
    sink.report(
      MESH_PACK.badHeader,
      msg`the header is inconsistent: ${{ problem }}`,
      PREFIX_BYTES,
      Math.min(bytes.length, PREFIX_BYTES + length),
    );
    return undefined;
  }
  return files;
}

/** The reader of the packed model folder `bytes` (nothing read until a file is asked for), with findings. */
export function unpackModel(bytes: Uint8Array): ModelPackReadResult {
  const sink = new DiagnosticSink<MeshPackKind>();
  const files = entries(bytes, sink) ?? [];
  const at = new Map<string, [Entry, number]>();
  let offset =
    files.length > 0
      ? PREFIX_BYTES + new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true)
      : 0;
  for (const e of files) {
    at.set(e.name, [e, offset]);
    offset += e.packed;
  }
  const read = async (path: string): Promise<FileSource> => {
    const name = path.split(/[\\/]/).pop() ?? path;
    const found = at.get(name);
    if (!found) return { status: "missing" };
    const [e, start] = found;
    const packed = bytes.subarray(start, start + e.packed);
    if (e.kind === "mesh") {
      const r = await unpackMesh(packed);
      if (r.model) return { status: "ok", bytes: writeAgrBinary(r.model) };
      return {
        status: "unreadable",
        reason: r.diagnostics.map((d) => `${d.code} ${d.message}`).join("; "),
      };
    }
    const raw = await inflate(packed, e.size);
    if (raw?.length === e.size) return { status: "ok", bytes: raw };
    return {
      status: "unreadable",
      reason: `${MESH_PACK.badSection.code} it does not inflate to its ${e.size} bytes`,
    };
  };
  return { read, names: files.map((f) => f.name), diagnostics: sink.items };
}
