/**
 * The `.amb` binary encoding reader. `times` and `matrices` are views into
 * the input's buffer (copied once only when the input is misaligned).
 * Truncated or inconsistent files give diagnostics at byte offsets.
 */
import { decodeUtf8Strict } from "../../core/bytes.js";
import { type Diagnostic, DiagnosticSink, type Span } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { checkFileSize, checkReserved, openBinary } from "../container.js";
import { AMB_BODY_BYTES, AMB_HEADER_BYTES, ambLayout, AMB_HEADER as H } from "./binary-layout.js";
import { AMB, type AmbKind } from "./codes.js";
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
  const sink = new DiagnosticSink<AmbKind>();
  const fail = () => ({ model: undefined, diagnostics: sink.items });
  const file = openBinary(input, AMB_HEADER_BYTES, AMB, sink);
  if (!file) return fail();
  const { bytes, view: dv, u32 } = file;
  const nb = u32(H.bodyCount);
  const nf = u32(H.frameCount);
  const nameBytes = u32(H.nameBytes);
  checkReserved(file, [H.reserved0, H.reserved1], AMB, sink);
  const layout = ambLayout(nb, nf, nameBytes);
  // The name block ends before the times, so it is inside any file of the full size.
  if (!checkFileSize(layout.total, input.length, AMB, sink)) return fail();
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
        msg`expected 0 in body ${b}'s reserved field, found ${{ found: reserved }}`,
        o + 6,
        o + 8,
      );
    let geometry = geometryOf(kind, dv, o);
    if (!geometry) {
      sink.report(
        AMB.unknownGeometry,
        msg`expected a geometry code 0–3 (${GEOMETRY_KINDS.join(", ")}) for body ${{ body: number }}, found ${{ found: kind }}`,
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
    const name = decodeUtf8Strict(bytes, nameAt, nameAt + nameLength);
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
