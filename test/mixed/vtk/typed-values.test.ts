/**
 * The fast paths of a binary DataArray read (decision 214): values through
 * typed views, and base64 decoded by whole groups, give the bits the
 * value-by-value paths give — for every VTK type, unaligned bytes, 64-bit
 * integers of both signs, and base64 with whitespace and padding anywhere.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Base64Reader, encodeBase64 } from "../../../src/core/base64.js";
import { typedValues } from "../../../src/mixed/vtk/typed-values.js";

/** The value-by-value reading the fast path replaces (read-data.ts' DataView table). */
const SLOW: Record<string, readonly [number, (v: DataView, o: number) => number]> = {
  Int8: [1, (v, o) => v.getInt8(o)],
  UInt8: [1, (v, o) => v.getUint8(o)],
  Int16: [2, (v, o) => v.getInt16(o, true)],
  UInt16: [2, (v, o) => v.getUint16(o, true)],
  Int32: [4, (v, o) => v.getInt32(o, true)],
  UInt32: [4, (v, o) => v.getUint32(o, true)],
  Int64: [8, (v, o) => v.getUint32(o, true) + v.getInt32(o + 4, true) * 2 ** 32],
  UInt64: [8, (v, o) => v.getUint32(o, true) + v.getUint32(o + 4, true) * 2 ** 32],
  Float32: [4, (v, o) => v.getFloat32(o, true)],
  Float64: [8, (v, o) => v.getFloat64(o, true)],
};

function slow(bytes: Uint8Array, type: string): number[] {
  const [size, get] = SLOW[type]!;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: bytes.length / size }, (_, k) => get(view, k * size));
}

describe("binary DataArray values through typed views", () => {
  // decision 214
  it("equal the DataView reading for every type, aligned or not", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(SLOW)),
        fc.uint8Array({ minLength: 0, maxLength: 64 }),
        fc.integer({ min: 0, max: 7 }),
        (type, raw, shift) => {
          const size = SLOW[type]![0];
          const whole = raw.subarray(0, raw.length - (raw.length % size));
          // The same bytes at an offset that may break the alignment of the type.
          const host = new Uint8Array(whole.length + shift);
          host.set(whole, shift);
          const bytes = host.subarray(shift);
          const fast = typedValues(bytes, type);
          expect(fast).toBeDefined();
          const want = slow(bytes, type);
          expect([...fast!].map((x) => (Number.isNaN(x) ? "NaN" : x))).toEqual(
            want.map((x) => (Number.isNaN(x) ? "NaN" : x)),
          );
        },
      ),
    );
  });

  it("reads a Node Buffer at an unaligned offset (its slice is a view, not a copy)", () => {
    const host = Buffer.alloc(8 * 3 + 3);
    const bytes = host.subarray(3);
    new DataView(bytes.buffer, bytes.byteOffset).setFloat64(8, 2.5, true);
    expect([...typedValues(bytes, "Float64")!]).toEqual([0, 2.5, 0]);
  });

  it("reads negative 64-bit integers as VTK writes them", () => {
    const v = new BigInt64Array([-1n, -(2n ** 40n), 2n ** 52n]);
    expect([...typedValues(new Uint8Array(v.buffer), "Int64")!]).toEqual([-1, -(2 ** 40), 2 ** 52]);
  });

  // decision 214
  it("decodes base64 by whole groups as the character-by-character reading does", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 80 }),
        fc.array(fc.integer({ min: 0, max: 120 }), { maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (data, breaks, takes, asBytes) => {
          let text = encodeBase64(data);
          for (const b of breaks.sort((a, z) => z - a))
            text = `${text.slice(0, b)}\n ${text.slice(b)}`;
          const src = asBytes ? new TextEncoder().encode(text) : text;
          const r = new Base64Reader(src, 0, src.length);
          let at = 0;
          for (const n of takes) {
            const out = new Uint8Array(n);
            const ok = r.take(n, out);
            if (at + n <= data.length) {
              expect(ok).toBe(true);
              expect([...out]).toEqual([...data.subarray(at, at + n)]);
            } else expect(ok).toBe(false);
            at += n;
            if (!ok) break;
          }
        },
      ),
    );
  });
});
