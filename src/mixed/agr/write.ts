/** The `.agr` writers, text and binary (grammar and byte layout in `docs/formats/agr.md`). */
import { encodeUtf8 } from "../../core/bytes.js";
import { formatFloat32, formatReal } from "../../core/numbers.js";
import { newBinary } from "../container.js";
import { nameProblem } from "../names.js";
import {
  AGR_HEADER,
  AGR_HEADER_BYTES,
  AGR_MAGIC,
  agrLayout,
  FLAG_VARYING,
} from "./binary-layout.js";
import { CELL_KINDS, type MeshAnimation, scalarAt, vectorAt } from "./model.js";
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

/** Encodes a mesh animation as binary `.agr` (throws RangeError if not encodable). */
export function writeAgrBinary(m: MeshAnimation): Uint8Array {
  const parts: [number, Uint8Array][] = [];
  const total = writeAgrBinaryTo(m, (offset, bytes) => {
    parts.push([offset, bytes]);
  });
  const out = new Uint8Array(total);
  for (const [offset, bytes] of parts) out.set(bytes, offset);
  return out;
}

/**
 * Encodes a mesh animation as binary `.agr` piece by piece: `write(offset,
 * bytes)` gets the header and mesh, then every parameter's values frame by
 * frame (read through {@link scalarAt} and {@link vectorAt}, so a model read
 * frame by frame is written without holding its frames), each piece once, in
 * file order, padding included. Returns the file's size. Throws RangeError if
 * `m` cannot be encoded.
 */
export function writeAgrBinaryTo(
  m: MeshAnimation,
  write: (offset: number, bytes: Uint8Array) => void,
): number {
  assertEncodable(m);
  const params = [...m.scalars, ...m.vectors];
  const names = params.map((d) => [encodeUtf8(d.name), encodeUtf8(d.unit)] as const);
  let descriptorBytes = 0;
  for (const [name, unit] of names) descriptorBytes += 3 + name.length + unit.length;
  const n = m.nodeCount;
  const f = m.times.length;
  const layout = agrLayout({
    nodeCount: n,
    cellCount: m.cellTypes.length,
    connectivityLength: m.connectivity.length,
    frameCount: f,
    descriptorBytes,
    scalarVarying: m.scalars.map((d) => d.varying),
    vectorVarying: m.vectors.map((d) => d.varying),
  });
  const headEnd = layout.scalars[0] ?? layout.vectors[0] ?? layout.total;
  const { out, view: dv } = newBinary(AGR_MAGIC, headEnd);
  const h = AGR_HEADER;
  dv.setUint32(h.type, m.type, true);
  dv.setUint32(h.nodeCount, n, true);
  dv.setUint32(h.cellCount, m.cellTypes.length, true);
  dv.setUint32(h.connectivityLength, m.connectivity.length, true);
  dv.setUint32(h.scalarCount, m.scalars.length, true);
  dv.setUint32(h.vectorCount, m.vectors.length, true);
  dv.setUint32(h.frameCount, f, true);
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
  const b = out.buffer;
  new Float64Array(b, layout.times, f).set(m.times);
  new Float32Array(b, layout.positions, 3 * n).set(m.positions);
  out.set(m.cellTypes, layout.cellTypes);
  new Uint32Array(b, layout.connectivity, m.connectivity.length).set(m.connectivity);
  write(0, out);
  const section = (start: number, varying: boolean, valuesAt: (f: number) => Float32Array) => {
    let end = start;
    for (let k = 0; k < (varying ? f : 1); k++) {
      const v = valuesAt(k);
      write(end, new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
      end += v.byteLength;
    }
    if (end % 8 !== 0) write(end, new Uint8Array(8 - (end % 8)));
  };
  m.scalars.forEach((d, p) => {
    section(layout.scalars[p]!, d.varying, (k) => scalarAt(m, p, k));
  });
  m.vectors.forEach((d, p) => {
    section(layout.vectors[p]!, d.varying, (k) => vectorAt(m, p, k));
  });
  return layout.total;
}
