/** The `.agr` text encoding writer (grammar in `docs/formats/agr.md`). */
import { formatFloat32, formatReal } from "../../core/index.js";
import { nameProblem } from "../names.js";
import { CELL_KINDS, type MeshAnimation } from "./model.js";
import { shapeProblems } from "./validate.js";

/**
 * Throws a RangeError when `m` cannot be encoded: array lengths that disagree
 * with the counts, names that are not tokens, unknown cell kinds, or a
 * connectivity that does not match the cell kinds.
 */
export function assertEncodable(m: MeshAnimation): void {
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
