/** The `.agr` writers, text and binary (grammar and byte layout in `docs/formats/agr.md`). */
import { encodeUtf8 } from "../../core/bytes.js";
import { formatFloat32, formatReal } from "../../core/numbers.js";
import { newBinary } from "../container.js";
import { nameProblem } from "../names.js";
import {
  AGR_HEADER,
  AGR_HEADER_BYTES,
  AGR_MAGIC,
  type AgrLayout,
  agrLayout,
  FLAG_VARYING,
} from "./binary-layout.js";
import { CELL_KINDS, type MeshAnimation, type ParamDescriptor } from "./model.js";
import { shapeProblems } from "./validate.js";

/**
 * Throws a RangeError when `m` cannot be encoded: array lengths that disagree
 * with the counts, names that are not tokens, unknown cell kinds, or a
 * connectivity that does not match the cell kinds.
 */
function assertEncodable(m: MeshAnimation): void {
  const problems = shapeProblems(m);
  for (const d of [...m.scalars, ...m.vectors]) {
    const np = nameProblem(d.name);
    if (np) problems.push(`parameter name '${d.name}' ${np}`);
    const up = nameProblem(d.unit);
    if (up) problems.push(`unit '${d.unit}' of '${d.name}' ${up}`);
  }
  let k = 0;
  for (let c = 0; c < m.cellTypes.length; c++) {
    const kind = CELL_KINDS.get(m.cellTypes[c]!);
    if (!kind) {
      problems.push(`cell ${c} has unknown VTK type ${m.cellTypes[c]}`);
      break;
    }
    k += kind.nodes;
  }
  if (problems.length === 0 && k !== m.connectivity.length)
    problems.push(`the cells use ${k} node indices, the connectivity has ${m.connectivity.length}`);
  if (!Number.isInteger(m.type) || m.type < 0 || m.type > 0xffffffff)
    problems.push(`type ${m.type} is not an unsigned 32-bit integer`);
  if (problems.length > 0) throw new RangeError(`cannot encode .agr: ${problems.join("; ")}`);
}

function pushFloats(out: string[], a: Float32Array, from: number, count: number, width: number) {
  const end = from + count;
  if (width === 1) {
    for (let i = from; i < end; i++) out.push(`${formatFloat32(a[i]!)}\n`);
    return;
  }
  for (let i = from; i < end; i += 3) {
    out.push(`${formatFloat32(a[i]!)} ${formatFloat32(a[i + 1]!)} ${formatFloat32(a[i + 2]!)}\n`);
  }
}

/** Encodes a mesh animation as `.agr` text (ends with a newline; throws RangeError if not encodable). */
export function writeAgrText(m: MeshAnimation): string {
  assertEncodable(m);
  const n = m.nodeCount;
  const out: string[] = ["DEFORMA-AGR 1\n", `type ${m.type}\n`, `nodes ${n}\n`];
  pushFloats(out, m.positions, 0, 3 * n, 3);
  out.push(`cells ${m.cellTypes.length}\n`);
  let k = 0;
  for (let c = 0; c < m.cellTypes.length; c++) {
    const kind = CELL_KINDS.get(m.cellTypes[c]!)!;
    let line = kind.name;
    for (let j = 0; j < kind.nodes; j++) line += ` ${m.connectivity[k++]}`;
    out.push(`${line}\n`);
  }
  const params = [
    ...m.scalars.map((d, p) => ({ d, values: m.scalarValues[p]!, width: 1 })),
    ...m.vectors.map((d, p) => ({ d, values: m.vectorValues[p]!, width: 3 })),
  ];
  out.push(`scalars ${m.scalars.length}\n`);
  for (const d of m.scalars)
    out.push(`${d.name} ${d.unit} ${d.varying ? "varying" : "constant"}\n`);
  out.push(`vectors ${m.vectors.length}\n`);
  for (const d of m.vectors)
    out.push(`${d.name} ${d.unit} ${d.varying ? "varying" : "constant"}\n`);
  for (const p of params) {
    if (p.d.varying) continue;
    out.push(`constant ${p.d.name}\n`);
    pushFloats(out, p.values, 0, p.width * n, p.width);
  }
  out.push(`frames ${m.times.length}\n`);
  for (let f = 0; f < m.times.length; f++) {
    out.push(`frame ${formatReal(m.times[f]!)}\n`);
    for (const p of params) {
      if (p.d.varying) pushFloats(out, p.values, f * p.width * n, p.width * n, p.width);
    }
  }
  return out.join("");
}

/** What the head of a binary `.agr` (header and descriptors) says: counts and parameters. */
export interface AgrHeadInput {
  readonly type: number;
  readonly nodeCount: number;
  readonly cellCount: number;
  readonly connectivityLength: number;
  readonly frameCount: number;
  readonly scalars: readonly ParamDescriptor[];
  readonly vectors: readonly ParamDescriptor[];
}

/**
 * A binary `.agr` buffer of `layout.total` bytes, or with `headOnly` only
 * the bytes before its times (for a file written section by section), with
 * the header and descriptors filled in; and the layout of every section.
 */
export function agrBinaryHead(
  c: AgrHeadInput,
  headOnly = false,
): { out: Uint8Array; layout: AgrLayout } {
  const params = [...c.scalars, ...c.vectors];
  const names = params.map((d) => [encodeUtf8(d.name), encodeUtf8(d.unit)] as const);
  let descriptorBytes = 0;
  for (const [name, unit] of names) descriptorBytes += 3 + name.length + unit.length;
  const layout = agrLayout({
    nodeCount: c.nodeCount,
    cellCount: c.cellCount,
    connectivityLength: c.connectivityLength,
    frameCount: c.frameCount,
    descriptorBytes,
    scalarVarying: c.scalars.map((d) => d.varying),
    vectorVarying: c.vectors.map((d) => d.varying),
  });
  const { out, view: dv } = newBinary(AGR_MAGIC, headOnly ? layout.times : layout.total);
  const h = AGR_HEADER;
  dv.setUint32(h.type, c.type, true);
  dv.setUint32(h.nodeCount, c.nodeCount, true);
  dv.setUint32(h.cellCount, c.cellCount, true);
  dv.setUint32(h.connectivityLength, c.connectivityLength, true);
  dv.setUint32(h.scalarCount, c.scalars.length, true);
  dv.setUint32(h.vectorCount, c.vectors.length, true);
  dv.setUint32(h.frameCount, c.frameCount, true);
  dv.setUint32(h.descriptorBytes, descriptorBytes, true);
  dv.setUint32(h.reserved, 0, true);
  let at = AGR_HEADER_BYTES;
  params.forEach((d, i) => {
    const [name, unit] = names[i]!;
    out[at] = d.varying ? FLAG_VARYING : 0;
    out[at + 1] = name.length;
    out[at + 2] = unit.length;
    out.set(name, at + 3);
    out.set(unit, at + 3 + name.length);
    at += 3 + name.length + unit.length;
  });
  return { out, layout };
}

/** Encodes a mesh animation as binary `.agr` (throws RangeError if not encodable). */
export function writeAgrBinary(m: MeshAnimation): Uint8Array {
  assertEncodable(m);
  const n = m.nodeCount;
  const { out, layout } = agrBinaryHead({
    type: m.type,
    nodeCount: n,
    cellCount: m.cellTypes.length,
    connectivityLength: m.connectivity.length,
    frameCount: m.times.length,
    scalars: m.scalars,
    vectors: m.vectors,
  });
  const b = out.buffer;
  new Float64Array(b, layout.times, m.times.length).set(m.times);
  new Float32Array(b, layout.positions, 3 * n).set(m.positions);
  out.set(m.cellTypes, layout.cellTypes);
  new Uint32Array(b, layout.connectivity, m.connectivity.length).set(m.connectivity);
  m.scalarValues.forEach((v, p) => {
    new Float32Array(b, layout.scalars[p]!, v.length).set(v);
  });
  m.vectorValues.forEach((v, p) => {
    new Float32Array(b, layout.vectors[p]!, v.length).set(v);
  });
  return out;
}
