/**
 * Reading a packed mesh series (`*.dmesh`, docs/formats/mesh-pack.md) back
 * into a mesh animation: the player's decoder. Never throws; a damaged file
 * is a located finding (FMT013–FMT016) and no model. Inflation never passes
 * a section's declared size, and the header may declare at most
 * {@link MAX_VALUES} values, so a small file cannot make it hold gigabytes.
 */
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { inflate } from "../../core/inflate.js";
import { msg } from "../../core/message.js";
import { CELL_KINDS, type MeshAnimation } from "../agr/index.js";
import { MESH_PACK, type MeshPackCode, type MeshPackKind } from "./codes.js";
import {
  headerProblem,
  type IntSection,
  MESH_PACK_MAGIC,
  MESH_PACK_VERSION,
  type MeshPackHeader,
  PREFIX_BYTES,
  type QuantSection,
} from "./header.js";
import { decodeArray } from "./quantise.js";

/** What {@link unpackMesh} read. */
export interface MeshPackReadResult {
  /** The mesh animation; absent when the file has errors. */
  readonly model?: MeshAnimation;
  readonly diagnostics: Diagnostic<MeshPackCode>[];
}

type Sink = DiagnosticSink<MeshPackKind>;

/** Whether `bytes` start with the packed mesh series' magic. */
export function isMeshPack(bytes: Uint8Array): boolean {
  return bytes.length >= MESH_PACK_MAGIC.length && MESH_PACK_MAGIC.every((b, i) => bytes[i] === b);
}

/** The header of `bytes`, or undefined with a finding. */
function readHeader(bytes: Uint8Array, sink: Sink): MeshPackHeader | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = bytes.length >= PREFIX_BYTES ? view.getUint32(8, true) : -1;
  if (!isMeshPack(bytes) || version !== MESH_PACK_VERSION) {
    sink.report(
      MESH_PACK.notPacked,
      msg`not a packed mesh series of version ${{ version: MESH_PACK_VERSION }} (magic \\x89DMESH and a version word expected)`,
      0,
      Math.min(bytes.length, PREFIX_BYTES),
    );
    return undefined;
  }
  const length = view.getUint32(12, true);
  if (PREFIX_BYTES + length > bytes.length) {
    sink.report(
      MESH_PACK.badHeader,
      msg`the header is unreadable: ${{ problem: `its ${length} bytes run past the end of the file` }}`,
      12,
      16,
    );
    return undefined;
  }
  let header: MeshPackHeader;
  try {
    header = JSON.parse(
      new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + length)),
    );
  } catch {
    sink.report(
      MESH_PACK.badHeader,
      msg`the header is unreadable: ${{ problem: "its JSON does not parse" }}`,
      PREFIX_BYTES,
      PREFIX_BYTES + length,
    );
    return undefined;
  }
  const problem = headerProblem(header) ?? consistency(header);
  if (problem) {
    sink.report(
      MESH_PACK.badHeader,
      msg`the header is inconsistent: ${{ problem }}`,
      PREFIX_BYTES,
      PREFIX_BYTES + length,
    );
    return undefined;
  }
  return header;
}

/** What the sections' sizes contradict in the header, if anything. */
function consistency(h: MeshPackHeader): string | undefined {
  const F = h.times.length;
  const N = h.nodeCount;
  const cells = h.ints.find((s) => s.id === "cellTypes")?.count ?? 0;
  for (const s of h.floats) {
    const [kind, index] = s.id.split("/");
    const p =
      kind === "scalar" || kind === "cell"
        ? h.scalars[Number(index)]
        : kind === "vector"
          ? h.vectors[Number(index)]
          : undefined;
    if (kind !== "positions" && !p) return `section ${s.id} names no parameter`;
    const frames = p?.varying ? F : 1;
    const n = kind === "scalar" ? N : kind === "cell" ? cells : 3 * N;
    if (s.frames !== frames || s.n !== n)
      return `section ${s.id} has counts its parameter and the node count contradict`;
  }
  const ids = new Set(h.floats.map((s) => s.id));
  if (!ids.has("positions")) return "there is no positions section";
  const missing = [
    ...h.scalars.map((_, i) => `scalar/${i}`),
    ...h.vectors.map((_, i) => `vector/${i}`),
  ].find((id) => !ids.has(id));
  if (missing) return `section ${missing} is missing`;
  const ints = new Set(h.ints.map((s) => s.id));
  if (!ints.has("cellTypes") || !ints.has("connectivity")) return "the cell sections are missing";
  return undefined;
}

/** The section bytes inflated to exactly `raw` bytes, or undefined with a finding. */
async function section(
  bytes: Uint8Array,
  at: number,
  packed: number,
  raw: number,
  id: string,
  sink: Sink,
): Promise<Uint8Array | undefined> {
  const end = at + packed;
  const out = end <= bytes.length ? await inflate(bytes.subarray(at, end), raw) : undefined;
  if (out?.length === raw) return out;
  sink.report(
    MESH_PACK.badSection,
    msg`section ${{ section: id }} ${end > bytes.length ? "is cut short by the end of the file" : `does not inflate to its ${raw} bytes`}`,
    Math.min(at, bytes.length),
    Math.min(end, bytes.length),
  );
  return undefined;
}

/** An integer section's values from its byte planes. */
function ints(planes: Uint8Array, s: IntSection): Uint32Array {
  const out = new Uint32Array(s.count);
  for (let b = 0; b < s.width; b++) {
    const shift = 8 * b;
    for (let i = 0; i < s.count; i++) out[i]! += planes[b * s.count + i]! * 2 ** shift;
  }
  return out;
}

/** The first index in `values` at or past `limit`, or -1. */
function firstOver(values: Uint32Array, limit: number): number {
  for (let i = 0; i < values.length; i++) if (values[i]! >= limit) return i;
  return -1;
}

/** Every section of `bytes` after the header, decoded, by id (undefined on the first bad one). */
async function sections(
  bytes: Uint8Array,
  h: MeshPackHeader,
  at: number,
  sink: Sink,
): Promise<Map<string, Float32Array | Uint32Array> | undefined> {
  const out = new Map<string, Float32Array | Uint32Array>();
  for (const s of h.floats as QuantSection[]) {
    const planes = await section(bytes, at, s.packed, 2 * s.n * s.frames, s.id, sink);
    if (!planes) return undefined;
    out.set(s.id, decodeArray(planes, s));
    at += s.packed;
  }
  for (const s of h.ints) {
    const planes = await section(bytes, at, s.packed, s.width * s.count, s.id, sink);
    if (!planes) return undefined;
    const values = ints(planes, s);
    const limit = s.id === "cellTypes" ? 256 : h.nodeCount;
    const bad =
      s.id === "cellTypes" ? values.findIndex((t) => !CELL_KINDS.has(t)) : firstOver(values, limit);
    if (bad >= 0) {
      sink.report(
        MESH_PACK.badNode,
        msg`${s.id} value ${{ index: values[bad]! }} at ${bad} names no node or cell type (nodes: ${{ nodes: h.nodeCount }})`,
        at,
        at + s.packed,
      );
      return undefined;
    }
    out.set(s.id, values);
    at += s.packed;
  }
  return out;
}

/** The mesh animation packed in `bytes`, with findings. */
export async function unpackMesh(bytes: Uint8Array): Promise<MeshPackReadResult> {
  const sink: Sink = new DiagnosticSink();
  const h = readHeader(bytes, sink);
  if (!h) return { diagnostics: sink.items };
  const got = await sections(
    bytes,
    h,
    PREFIX_BYTES + new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true),
    sink,
  );
  if (!got) return { diagnostics: sink.items };
  const cellTypes = Uint8Array.from(got.get("cellTypes")!);
  const expected = cellTypes.reduce((t, c) => t + CELL_KINDS.get(c)!.nodes, 0);
  const connectivity = got.get("connectivity") as Uint32Array;
  if (connectivity.length !== expected) {
    sink.report(
      MESH_PACK.badNode,
      msg`the cells name ${connectivity.length} nodes where their types need ${expected} (index ${{ index: connectivity.length }}, nodes: ${{ nodes: h.nodeCount }})`,
      0,
      0,
    );
    return { diagnostics: sink.items };
  }
  const model: MeshAnimation = {
    type: h.type,
    nodeCount: h.nodeCount,
    positions: got.get("positions") as Float32Array,
    cellTypes,
    connectivity,
    scalars: h.scalars.map(({ name, unit, varying }) => ({ name, unit, varying })),
    vectors: h.vectors.map(({ name, unit, varying }) => ({ name, unit, varying })),
    times: Float64Array.from(h.times),
    scalarValues: h.scalars.map((_, i) => got.get(`scalar/${i}`) as Float32Array),
    vectorValues: h.vectors.map((_, i) => got.get(`vector/${i}`) as Float32Array),
  };
  if (h.floats.some((s) => s.id.startsWith("cell/")))
    model.cellValues = h.scalars.map((_, i) => got.get(`cell/${i}`) as Float32Array | undefined);
  if (got.has("lines")) model.lines = got.get("lines") as Uint32Array;
  if (got.has("vertices")) model.vertices = got.get("vertices") as Uint32Array;
  return { model, diagnostics: sink.items };
}
