/**
 * The `.amb` binary encoding reader. `times` and `matrices` are views into
 * the input's buffer (copied once only when the input is misaligned).
 * Truncated or inconsistent files give diagnostics at byte offsets.
 */
import {
  aligned,
  type Diagnostic,
  DiagnosticSink,
  decodeUtf8,
  type Span,
} from "../../core/index.js";
import { AMB_BODY_BYTES, AMB_HEADER_BYTES, ambLayout, AMB_HEADER as H } from "./binary-layout.js";
import { AMB } from "./codes.js";
import type { BodyGeometry, MbsAnimation, RigidBody } from "./model.js";
import { type AmbSpans, checkAmb, GEOMETRY_KINDS } from "./validate.js";

function geometryOf(kind: number, dv: DataView, o: number): BodyGeometry | undefined {
  const p = (k: number) => dv.getFloat64(o + 8 + 8 * k, true);
  switch (kind) {
    case 0:
      return { kind: "none" };
    case 1:
      return { kind: "box", size: [p(0), p(1), p(2)] };
    case 2:
      return { kind: "cylinder", radius: p(0), length: p(1) };
    case 3:
      return { kind: "sphere", radius: p(0) };
    default:
      return undefined;
  }
}

/** Reads binary `.amb` bytes (the magic already recognised). */
export function readAmbBinary(input: Uint8Array): {
  model: MbsAnimation | undefined;
  diagnostics: Diagnostic[];
} {
  const sink = new DiagnosticSink();
  const fail = () => ({ model: undefined, diagnostics: sink.items });
  const len = input.length;
  if (len < AMB_HEADER_BYTES) {
    sink.report(
      AMB.unexpectedEnd,
      `expected a ${AMB_HEADER_BYTES}-byte header, found ${len} bytes`,
      len,
    );
    return fail();
  }
  const bytes = aligned(input);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (o: number) => dv.getUint32(o, true);
  const version = u32(H.version);
  if (version !== 1) {
    sink.report(
      AMB.badVersion,
      `expected format version 1, found ${version}`,
      H.version,
      H.version + 4,
    );
    return fail();
  }
  const nb = u32(H.bodyCount);
  const nf = u32(H.frameCount);
  const nameBytes = u32(H.nameBytes);
  for (const o of [H.reserved0, H.reserved1]) {
    if (u32(o) !== 0)
      sink.report(AMB.reserved, `expected 0 in the reserved field, found ${u32(o)}`, o, o + 4);
  }
  const layout = ambLayout(nb, nf, nameBytes);
  if (layout.names + nameBytes > len || layout.total > len) {
    sink.report(
      AMB.unexpectedEnd,
      `expected ${layout.total} bytes for the counts in the header, found ${len}`,
      len,
    );
    return fail();
  }
  if (layout.total < len) {
    sink.report(
      AMB.trailing,
      `expected end of file at byte ${layout.total}, found ${len - layout.total} more bytes`,
      layout.total,
      len,
    );
  }
  const bodies: RigidBody[] = [];
  let nameAt = layout.names;
  const nameEnd = layout.names + nameBytes;
  const nameSpans: Span[] = [];
  for (let b = 0; b < nb; b++) {
    const o = layout.bodies + AMB_BODY_BYTES * b;
    const number = u32(o);
    const kind = bytes[o + 4]!;
    const nameLength = bytes[o + 5]!;
    const reserved = dv.getUint16(o + 6, true);
    if (reserved !== 0)
      sink.report(
        AMB.reserved,
        `expected 0 in body ${b}'s reserved field, found ${reserved}`,
        o + 6,
        o + 8,
      );
    let geometry = geometryOf(kind, dv, o);
    if (!geometry) {
      sink.report(
        AMB.unknownGeometry,
        `expected a geometry code 0–3 (${GEOMETRY_KINDS.join(", ")}) for body ${number}, found ${kind}`,
        o + 4,
        o + 5,
      );
      geometry = { kind: "none" };
    }
    if (nameAt + nameLength > nameEnd) {
      sink.report(
        AMB.badSize,
        `expected body ${b}'s ${nameLength}-byte name inside the ${nameBytes}-byte name block, found it ends at byte ${nameAt + nameLength}`,
        o + 5,
        o + 6,
      );
      return fail();
    }
    const name = decodeUtf8(bytes, nameAt, nameAt + nameLength);
    if (name === undefined) {
      sink.report(
        AMB.badName,
        `body ${number}'s name is not valid UTF-8`,
        nameAt,
        nameAt + nameLength,
      );
    }
    nameSpans.push([nameAt, nameAt + nameLength]);
    nameAt += nameLength;
    bodies.push({ number, name: name ?? "?", geometry });
  }
  if (nameAt !== nameEnd) {
    sink.report(
      AMB.badSize,
      `expected the name block to hold exactly the ${nameAt - layout.names} name bytes of the bodies, found ${nameBytes}`,
      nameAt,
      nameEnd,
    );
  }
  const base = bytes.byteOffset;
  const model: MbsAnimation = {
    bodies,
    times: new Float64Array(bytes.buffer, base + layout.times, nf),
    matrices: new Float64Array(bytes.buffer, base + layout.matrices, nf * nb * 12),
  };
  const rec = (b: number, from: number, size: number): Span => {
    const o = layout.bodies + AMB_BODY_BYTES * b + from;
    return [o, o + size];
  };
  const where: AmbSpans = {
    frames: [H.frameCount, H.frameCount + 4],
    number: (b) => rec(b, 0, 4),
    name: (b) => nameSpans[b] ?? rec(b, 5, 1),
    geometry: (b) => rec(b, 4, 32 - 4),
    time: (f) => [layout.times + 8 * f, layout.times + 8 * f + 8],
    matrix: (f, b) => {
      const o = layout.matrices + 96 * (f * nb + b);
      return [o, o + 96];
    },
  };
  checkAmb(model, sink, where);
  return { model, diagnostics: sink.items };
}
