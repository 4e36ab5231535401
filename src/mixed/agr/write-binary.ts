/** The `.agr` binary encoding writer (layout in `binary-layout.ts` and `docs/formats/agr.md`). */
import { encodeUtf8 } from "../../core/index.js";
import { newBinary } from "../container.js";
import {
  AGR_HEADER,
  AGR_HEADER_BYTES,
  AGR_MAGIC,
  agrLayout,
  FLAG_VARYING,
} from "./binary-layout.js";
import type { MeshAnimation } from "./model.js";
import { assertEncodable } from "./write-text.js";

/** Encodes a mesh animation as binary `.agr` (throws RangeError if not encodable). */
export function writeAgrBinary(m: MeshAnimation): Uint8Array {
  assertEncodable(m);
  const params = [...m.scalars, ...m.vectors];
  const names = params.map((d) => [encodeUtf8(d.name), encodeUtf8(d.unit)] as const);
  let descriptorBytes = 0;
  for (const [name, unit] of names) descriptorBytes += 3 + name.length + unit.length;
  const n = m.nodeCount;
  const layout = agrLayout({
    nodeCount: n,
    cellCount: m.cellTypes.length,
    connectivityLength: m.connectivity.length,
    frameCount: m.times.length,
    descriptorBytes,
    scalarVarying: m.scalars.map((d) => d.varying),
    vectorVarying: m.vectors.map((d) => d.varying),
  });
  const { out, view: dv } = newBinary(AGR_MAGIC, layout.total);
  const h = AGR_HEADER;
  dv.setUint32(h.type, m.type, true);
  dv.setUint32(h.nodeCount, n, true);
  dv.setUint32(h.cellCount, m.cellTypes.length, true);
  dv.setUint32(h.connectivityLength, m.connectivity.length, true);
  dv.setUint32(h.scalarCount, m.scalars.length, true);
  dv.setUint32(h.vectorCount, m.vectors.length, true);
  dv.setUint32(h.frameCount, m.times.length, true);
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
