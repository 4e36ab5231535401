/** The `.amb` binary encoding writer (layout in `binary-layout.ts` and `docs/formats/amb.md`). */
import { encodeUtf8 } from "../../core/index.js";
import { newBinary } from "../container.js";
import { AMB_BODY_BYTES, AMB_HEADER, AMB_MAGIC, ambLayout } from "./binary-layout.js";
import type { MbsAnimation } from "./model.js";
import { GEOMETRY_KINDS, geometrySizes } from "./validate.js";
import { assertAmbEncodable } from "./write-text.js";

/** Encodes an MBS animation as binary `.amb` (throws RangeError if not encodable). */
export function writeAmbBinary(m: MbsAnimation): Uint8Array {
  assertAmbEncodable(m);
  const names = m.bodies.map((b) => encodeUtf8(b.name));
  let nameBytes = 0;
  for (const n of names) nameBytes += n.length;
  const layout = ambLayout(m.bodies.length, m.times.length, nameBytes);
  const { out, view: dv } = newBinary(AMB_MAGIC, layout.total);
  dv.setUint32(AMB_HEADER.bodyCount, m.bodies.length, true);
  dv.setUint32(AMB_HEADER.frameCount, m.times.length, true);
  dv.setUint32(AMB_HEADER.nameBytes, nameBytes, true);
  let nameAt = layout.names;
  m.bodies.forEach((b, i) => {
    const o = layout.bodies + AMB_BODY_BYTES * i;
    dv.setUint32(o, b.number, true);
    out[o + 4] = GEOMETRY_KINDS.indexOf(b.geometry.kind);
    out[o + 5] = names[i]!.length;
    geometrySizes(b.geometry).forEach((v, k) => {
      dv.setFloat64(o + 8 + 8 * k, v, true);
    });
    out.set(names[i]!, nameAt);
    nameAt += names[i]!.length;
  });
  new Float64Array(out.buffer, layout.times, m.times.length).set(m.times);
  new Float64Array(out.buffer, layout.matrices, m.matrices.length).set(m.matrices);
  return out;
}
