/** fast-check generators of the four FRUND models, for round trips and as fuzzing seeds. */
import fc from "fast-check";
import { CELL_KINDS, type MeshAnimation } from "../src/mixed/agr/index.js";
import type { MbsAnimation } from "../src/mixed/amb/index.js";
import type { MixedAnimation } from "../src/mixed/amx/index.js";
import type { CadMatrices } from "../src/mixed/cad/index.js";

/** A token-safe name: no whitespace, valid Unicode, a few characters. */
export const nameArb = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 8 })
  .filter((s) => !/\s/u.test(s));

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const float32 = fc.float({ noNaN: true, noDefaultInfinity: true });

/** Strictly increasing finite times, 1 to 4 of them. */
export const timesArb = fc
  .uniqueArray(finite, { minLength: 1, maxLength: 4, comparator: (a, b) => a === b })
  .map((t) => Float64Array.from(t.sort((a, b) => a - b)));

const kinds = [...CELL_KINDS.values()];

/** Any shape-consistent, encodable mesh animation (valid or not semantically). */
export const agrArb: fc.Arbitrary<MeshAnimation> = fc
  .record({
    type: fc.constantFrom(0, 1, 7),
    n: fc.integer({ min: 0, max: 6 }),
    times: timesArb,
    scalars: fc.array(fc.record({ name: nameArb, unit: nameArb, varying: fc.boolean() }), {
      maxLength: 2,
    }),
    vectors: fc.array(fc.record({ name: nameArb, unit: nameArb, varying: fc.boolean() }), {
      maxLength: 2,
    }),
    cells: fc.array(fc.constantFrom(...kinds), { maxLength: 4 }),
    seed: fc.array(float32, { minLength: 1, maxLength: 64 }),
  })
  .map(({ type, n, times, scalars, vectors, cells, seed }) => {
    let k = 0;
    const next = () => seed[k++ % seed.length]!;
    const fill = (len: number) => Float32Array.from({ length: len }, next);
    const usable = n === 0 ? [] : cells;
    const connectivity: number[] = [];
    for (const c of usable) for (let j = 0; j < c.nodes; j++) connectivity.push((k++ * 7) % n);
    const f = times.length;
    return {
      type,
      nodeCount: n,
      positions: fill(3 * n),
      cellTypes: Uint8Array.from(usable.map((c) => c.vtk)),
      connectivity: Uint32Array.from(connectivity),
      scalars,
      vectors,
      times,
      scalarValues: scalars.map((d) => fill((d.varying ? f : 1) * n)),
      vectorValues: vectors.map((d) => fill((d.varying ? f : 1) * 3 * n)),
    };
  });

/** Any encodable MBS animation. */
export const ambArb: fc.Arbitrary<MbsAnimation> = fc
  .record({
    numbers: fc.uniqueArray(fc.integer({ min: 1, max: 0xffffffff }), { maxLength: 4 }),
    names: fc.array(nameArb, { minLength: 4, maxLength: 4 }),
    geometry: fc.array(
      fc.oneof(
        fc.constant({ kind: "none" as const }),
        fc.tuple(finite, finite, finite).map((size) => ({ kind: "box" as const, size })),
        fc
          .tuple(finite, finite)
          .map(([radius, length]) => ({ kind: "cylinder" as const, radius, length })),
        finite.map((radius) => ({ kind: "sphere" as const, radius })),
      ),
      { minLength: 4, maxLength: 4 },
    ),
    times: timesArb,
    seed: fc.array(finite, { minLength: 1, maxLength: 50 }),
  })
  .map(({ numbers, names, geometry, times, seed }) => {
    const count = times.length * numbers.length * 12;
    return {
      bodies: numbers.map((number, i) => ({ number, name: names[i]!, geometry: geometry[i]! })),
      times,
      matrices: Float64Array.from({ length: count }, (_, i) => seed[i % seed.length]!),
    };
  });

const fileName = (ext: string) =>
  fc.stringMatching(/^[A-Za-z0-9_\-.а-я]{1,12}$/).map((s) => `${s}${ext}`);
const real = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
const matrix = fc.array(real, { minLength: 12, maxLength: 12 });

/** Any `.amx` model with unique body numbers (valid or not semantically). */
export const amxArb: fc.Arbitrary<MixedAnimation> = fc.record({
  mbs: fileName(".amb"),
  bodies: fc.uniqueArray(
    fc.record({
      body: fc.integer({ min: 1, max: 100000 }),
      variantInUse: fc.nat({ max: 3 }),
      animations: fc.array(
        fc.record({
          type: fc.integer({ min: 0, max: 1 }),
          scalarParam: fc.constant(0),
          vectorParam: fc.constant(0),
          file: fileName(".agr"),
          matrix,
        }),
        { minLength: 1, maxLength: 4 },
      ),
    }),
    { selector: (b) => b.body, maxLength: 6 },
  ),
});

/** Any `CAD_Matrixes.dat` model with unique body numbers; a matrix exactly when `hasCad`. */
export const cadArb: fc.Arbitrary<CadMatrices> = fc.record({
  bodies: fc.uniqueArray(
    fc.record({
      body: fc.integer({ min: 1, max: 100000 }),
      solvers: fc.array(
        fc.boolean().chain((hasCad) =>
          fc.record({
            type: fc.integer({ min: 0, max: 1 }),
            hasCad: fc.constant(hasCad),
            matrix: hasCad ? matrix : fc.constant(null),
          }),
        ),
        { maxLength: 3 },
      ),
    }),
    { selector: (b) => b.body, maxLength: 8 },
  ),
});
