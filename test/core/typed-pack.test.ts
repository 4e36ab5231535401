/** A value with typed arrays as one byte string and back (src/core/typed-pack.ts). */
import { describe, expect, it } from "vitest";
import { packTyped, unpackTyped } from "../../src/core/typed-pack.js";

describe("packTyped / unpackTyped", () => {
  // decision 224
  it("gives back the value: structure, typed arrays of every kind, non-finite numbers, holes", () => {
    const value = {
      name: "beam",
      n: 3,
      ok: true,
      none: null,
      ranges: [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0.5],
      cells: [new Float32Array([1.5, 2.5]), undefined, new Uint8Array([1, 2, 3])],
      deep: { a: [{ b: new Float64Array([Math.PI]) }], i: new Int32Array([-1, 7]) },
      odd: [new Int8Array([-3]), new Uint16Array([9, 8, 7]), new Int16Array([-2])],
      u32: new Uint32Array([4294967295]),
      skipped: undefined,
    };
    const bytes = packTyped(value)!;
    const back = unpackTyped(bytes)!.value as typeof value;
    expect(back).toEqual({ ...value, skipped: undefined });
    expect("skipped" in back).toBe(false);
    expect(back.cells[1]).toBeUndefined();
    expect(back.deep.a[0]!.b).toBeInstanceOf(Float64Array);
    // The arrays are views of the bytes given, not copies.
    expect(back.deep.a[0]!.b.buffer).toBe(bytes.buffer);
  });

  // decision 371
  it("sends typed arrays of one kind with the same elements once when asked, and only those", () => {
    const n = 1000;
    const a = Float32Array.from({ length: n }, (_, i) => Math.sqrt(i));
    const nan = new Float32Array(n);
    new Uint32Array(nan.buffer).fill(0x7fc00001);
    const otherNan = new Float32Array(n);
    new Uint32Array(otherNan.buffer).fill(0x7fc00002);
    const value = {
      s: [a, a.slice(), Float32Array.from(a, (x, i) => (i === n - 1 ? x + 1 : x))],
      // Same bytes, other kind; same values, other bytes (-0 and 0, two NaNs): all kept apart.
      u: new Uint32Array(a.buffer.slice(0)),
      zeros: [new Float32Array(n), new Float32Array(n).fill(-0)],
      nans: [nan, otherNan],
      view: new Float32Array([7, ...a, 7]).subarray(1, n + 1),
    };
    const plain = packTyped(value)!;
    const once = packTyped(value, { once: true })!;
    // a, its copy and the view of the same elements: two arrays of 4 000 bytes fewer (the JSON's
    // offsets are written with other digits, so give or take a few bytes).
    expect(plain.length - once.length).toBeGreaterThanOrEqual(2 * 4 * n - 16);
    expect(plain.length - once.length).toBeLessThanOrEqual(2 * 4 * n + 16);
    const back = unpackTyped(once)!.value as typeof value;
    expect(back).toEqual(value);
    expect(Object.is(back.zeros[1]![0], -0)).toBe(true);
    expect(new Uint32Array(back.nans[1]!.buffer, back.nans[1]!.byteOffset, n)[0]).toBe(0x7fc00002);
    // The equal ones are views of the same bytes.
    expect(back.s[1]!.byteOffset).toBe(back.s[0]!.byteOffset);
    expect(back.view.byteOffset).toBe(back.s[0]!.byteOffset);
    expect(back.s[2]!.byteOffset).not.toBe(back.s[0]!.byteOffset);
  });

  it("takes a typed array that is a view into a larger buffer as just its elements", () => {
    const big = new Float32Array([0, 1, 2, 3, 4, 5]);
    const back = unpackTyped(packTyped({ v: big.subarray(2, 4) })!)!.value as { v: Float32Array };
    expect([...back.v]).toEqual([2, 3]);
  });

  it("refuses what it cannot carry: functions, class instances, maps, cycles", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(packTyped({ f: () => 1 })).toBeUndefined();
    expect(packTyped({ m: new Map() })).toBeUndefined();
    expect(packTyped({ d: new Date(0) })).toBeUndefined();
    expect(packTyped(cycle)).toBeUndefined();
    // A shared object that is not a cycle is fine.
    const shared = { x: 1 };
    expect(unpackTyped(packTyped([shared, shared])!)!.value).toEqual([{ x: 1 }, { x: 1 }]);
  });

  it("says undefined for bytes that are not a packed value or point outside their data", () => {
    expect(unpackTyped(new Uint8Array([1, 2, 3]))).toBeUndefined();
    expect(unpackTyped(new TextEncoder().encode("DFPKxxxxxxxx"))).toBeUndefined();
    const bytes = packTyped({ v: new Float64Array(4) })!;
    // Cut: the array no longer fits.
    expect(unpackTyped(bytes.subarray(0, bytes.length - 8))).toBeUndefined();
    // A copy at an odd offset still reads (copied to be aligned).
    const odd = new Uint8Array(bytes.length + 1);
    odd.set(bytes, 1);
    expect(unpackTyped(odd.subarray(1))!.value).toEqual({ v: new Float64Array(4) });
  });
});
