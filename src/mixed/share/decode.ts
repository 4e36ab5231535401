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
import { SectionFrames } from "./frames.js";
import {
  headerProblem,
  type IntSection,
  MESH_PACK_MAGIC,
  MESH_PACK_VERSION,
  type MeshPackHeader,
  PREFIX_BYTES,
  type QuantSection,
} from "./header.js";

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
  sectionFailed(id, at, end, bytes.length, raw, sink);
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

/** Integer sections' values by id, or undefined after a finding (the first bad section). */
async function intSections(
  bytes: Uint8Array,
  h: MeshPackHeader,
  at: number,
  sink: Sink,
): Promise<Map<string, Uint32Array> | undefined> {
  const out = new Map<string, Uint32Array>();
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

/** The float sections, each ready to inflate and decode, with their offsets; undefined when one runs past the end. */
function floatSections(
  bytes: Uint8Array,
  h: MeshPackHeader,
  at: number,
  sink: Sink,
): { frames: SectionFrames[]; at: number[]; end: number } | undefined {
  const frames: SectionFrames[] = [];
  const offsets: number[] = [];
  for (const s of h.floats as QuantSection[]) {
    if (at + s.packed > bytes.length) {
      sectionFailed(s.id, at, at + s.packed, bytes.length, 2 * s.n * s.frames, sink);
      return undefined;
    }
    frames.push(new SectionFrames(bytes.subarray(at, at + s.packed), s));
    offsets.push(at);
    at += s.packed;
  }
  return { frames, at: offsets, end: at };
}

/** FMT015 for section `id` at `[at, end)` of a file of `length` bytes, which should inflate to `raw` bytes. */
function sectionFailed(
  id: string,
  at: number,
  end: number,
  length: number,
  raw: number,
  sink: Sink,
): void {
  sink.report(
    MESH_PACK.badSection,
    msg`section ${{ section: id }} ${end > length ? "is cut short by the end of the file" : `does not inflate to its ${raw} bytes`}`,
    Math.min(at, length),
    Math.min(end, length),
  );
}

/** What {@link openMeshPack} gives once frame 0 is decoded. */
export interface MeshPackOpened extends MeshPackReadResult {
  /** Frames decoded so far: frame `f`'s values in the model are final once `f < decoded()`. */
  readonly decoded: () => number;
  /**
   * Resolves once every frame is decoded: the model, or no model and the
   * finding of a section that failed past frame 0 (the frames from there
   * keep zeros and are never reported decoded).
   */
  readonly done: Promise<MeshPackReadResult>;
}

/** How {@link openMeshPack} decodes the frames after frame 0. */
export interface OpenOptions {
  /** Called after each frame past 0 is decoded, with the count decoded. */
  readonly onFrame?: (decoded: number) => void;
  /** Awaited between steps of inflating and decoding (a page yields to its event loop here); default none. */
  readonly pause?: () => Promise<void> | undefined;
}

/**
 * The mesh animation packed in `bytes` with frame 0 decoded (decision 345):
 * the header, the integer sections and every float section's frame 0 are
 * read and checked first; the later frames are inflated and decoded in the
 * background, in order, into the same arrays ({@link MeshPackOpened.done}).
 */
export async function openMeshPack(
  bytes: Uint8Array,
  options: OpenOptions = {},
): Promise<MeshPackOpened> {
  const sink: Sink = new DiagnosticSink();
  const failed = (): MeshPackOpened => {
    const r = { diagnostics: sink.items };
    return { ...r, decoded: () => 0, done: Promise.resolve(r) };
  };
  const h = readHeader(bytes, sink);
  if (!h) return failed();
  const floats = floatSections(
    bytes,
    h,
    PREFIX_BYTES + new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true),
    sink,
  );
  const got = floats && (await intSections(bytes, h, floats.end, sink));
  if (!floats || !got) return failed();
  const pause = options.pause ?? (() => undefined);
  const decodeTo = async (f: number, k: number): Promise<boolean> => {
    const d = floats.frames[k]!;
    if (d.decoded > f) return true;
    if (await d.inflateTo(f, pause)) {
      d.decodeNext();
      return true;
    }
    const s = d.section;
    sectionFailed(
      s.id,
      floats.at[k]!,
      floats.at[k]! + s.packed,
      bytes.length,
      2 * s.n * s.frames,
      sink,
    );
    return false;
  };
  const first = await Promise.all(floats.frames.map((_, k) => decodeTo(0, k)));
  if (!first.every(Boolean)) return failed();
  const model = meshOf(h, floats.frames, got, sink);
  if (!model) return failed();
  let decoded = 1;
  const done = (async (): Promise<MeshPackReadResult> => {
    // Frame 0 is the caller's first: nothing more is decoded before a pause.
    await pause();
    for (let f = 1; f < h.times.length; f++) {
      for (let k = 0; k < floats.frames.length; k++)
        if (!(await decodeTo(Math.min(f, floats.frames[k]!.section.frames - 1), k)))
          return { diagnostics: sink.items };
      decoded = f + 1;
      options.onFrame?.(decoded);
      await pause();
    }
    // The constant sections' streams are read to their end too (nothing after it).
    for (let k = 0; k < floats.frames.length; k++)
      if (!(await decodeTo(floats.frames[k]!.section.frames - 1, k)))
        return { diagnostics: sink.items };
    return { model, diagnostics: sink.items };
  })();
  return { model, diagnostics: sink.items, decoded: () => decoded, done };
}

/** The mesh animation packed in `bytes`, every frame decoded, with findings. */
export async function unpackMesh(bytes: Uint8Array): Promise<MeshPackReadResult> {
  const opened = await openMeshPack(bytes);
  return opened.model ? opened.done : { diagnostics: opened.diagnostics };
}

/** The model of header `h`, its float sections' arrays and integer sections; undefined after a finding. */
function meshOf(
  h: MeshPackHeader,
  floats: readonly SectionFrames[],
  got: Map<string, Uint32Array>,
  sink: Sink,
): MeshAnimation | undefined {
  const float = (id: string) => floats.find((d) => d.section.id === id)?.values;
  const cellTypes = Uint8Array.from(got.get("cellTypes")!);
  const expected = cellTypes.reduce((t, c) => t + CELL_KINDS.get(c)!.nodes, 0);
  const connectivity = got.get("connectivity")!;
  if (connectivity.length !== expected) {
    sink.report(
      MESH_PACK.badNode,
      msg`the cells name ${connectivity.length} nodes where their types need ${expected} (index ${{ index: connectivity.length }}, nodes: ${{ nodes: h.nodeCount }})`,
      0,
      0,
    );
    return undefined;
  }
  const model: MeshAnimation = {
    type: h.type,
    nodeCount: h.nodeCount,
    positions: float("positions")!,
    cellTypes,
    connectivity,
    scalars: h.scalars.map(({ name, unit, varying }) => ({ name, unit, varying })),
    vectors: h.vectors.map(({ name, unit, varying }) => ({ name, unit, varying })),
    times: Float64Array.from(h.times),
    scalarValues: h.scalars.map((_, i) => float(`scalar/${i}`)!),
    vectorValues: h.vectors.map((_, i) => float(`vector/${i}`)!),
  };
  if (h.floats.some((s) => s.id.startsWith("cell/")))
    model.cellValues = h.scalars.map((_, i) => float(`cell/${i}`));
  const [lines, vertices] = [got.get("lines"), got.get("vertices")];
  if (lines) model.lines = lines;
  if (vertices) model.vertices = vertices;
  return model;
}
