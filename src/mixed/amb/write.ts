/** The `.amb` writers, text and binary (grammar and byte layout in `docs/formats/amb.md`). */
import { encodeUtf8 } from "../../core/bytes.js";
import { formatReal } from "../../core/numbers.js";
import { newBinary } from "../container.js";
import { nameProblem } from "../names.js";
import { AMB_BODY_BYTES, AMB_HEADER, AMB_MAGIC, ambLayout } from "./binary-layout.js";
import type { MbsAnimation } from "./model.js";
import { GEOMETRY_KINDS, geometrySizes } from "./validate.js";

/**
 * Throws a RangeError when `m` cannot be encoded: matrices of the wrong
 * length, body numbers that are not u32 integers, names that are not tokens,
 * unknown geometry kinds.
 */
function assertAmbEncodable(m: MbsAnimation): void {
  const problems: string[] = [];
  const want = m.times.length * m.bodies.length * 12;
  if (m.matrices.length !== want)
    problems.push(`${m.matrices.length} matrix numbers, expected ${want}`);
  for (const b of m.bodies) {
    if (!Number.isInteger(b.number) || b.number < 0 || b.number > 0xffffffff)
      problems.push(`body number ${b.number} is not an unsigned 32-bit integer`);
    const np = nameProblem(b.name);
    if (np) problems.push(`body name '${b.name}' ${np}`);
    if (!GEOMETRY_KINDS.includes(b.geometry.kind))
      problems.push(`body ${b.number} has unknown geometry '${String(b.geometry.kind)}'`);
  }
  if (problems.length > 0) throw new RangeError(`cannot encode .amb: ${problems.join("; ")}`);
}

/** Encodes an MBS animation as `.amb` text (ends with a newline; throws RangeError if not encodable). */
export function writeAmbText(m: MbsAnimation): string {
  assertAmbEncodable(m);
  const out: string[] = ["DEFORMA-AMB 1\n", `bodies ${m.bodies.length}\n`];
  for (const b of m.bodies) {
    const sizes = geometrySizes(b.geometry).map(formatReal);
    out.push(`${[b.number, b.name, b.geometry.kind, ...sizes].join(" ")}\n`);
  }
  out.push(`frames ${m.times.length}\n`);
  const a = m.matrices;
  let o = 0;
  for (let f = 0; f < m.times.length; f++) {
    out.push(`frame ${formatReal(m.times[f]!)}\n`);
    for (const b of m.bodies) {
      let line = String(b.number);
      for (let i = 0; i < 12; i++) line += ` ${formatReal(a[o++]!)}`;
      out.push(`${line}\n`);
    }
  }
  return out.join("");
}

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
