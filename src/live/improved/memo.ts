/**
 * The special cells' field evaluations of one `FieldGrid.compute`, by forced
 * sides, block and point (decisions 339, 363): neighbouring cells share
 * their edges' midpoints, and neighbouring quarters their corners on the
 * same sides of the same cuts, so each is evaluated once (the same numbers:
 * the evaluation depends on nothing else).
 *
 * Keys are numbers in one open-addressed table (decision 404): the forced
 * sides as two numbers (grid.ts's `sidesKey`), the point as
 * (block · rows + y) · columns + x. A `compute` starts a new generation
 * instead of clearing the table.
 */
export class EvalMemo {
  private capacity = 1024;
  private sidesA = new Float64Array(this.capacity);
  private sidesB = new Float64Array(this.capacity);
  private points = new Float64Array(this.capacity);
  private values = new Float64Array(2 * this.capacity);
  /** The generation each slot was written in (0: never). */
  private stamps = new Uint32Array(this.capacity);
  private generation = 1;
  private count = 0;

  /** `columns` and `rows`: more than the largest x and y a point can have (whole pixels). */
  constructor(
    private readonly columns: number,
    private readonly rows: number,
  ) {}

  clear(): void {
    this.count = 0;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 0;
    }
    this.generation++;
  }

  /**
   * Writes the value kept for (sides, block, x, y) to out[o], out[o + 1], or
   * else `evaluate`s it there and keeps it; the sides are the two numbers
   * (a, b) that name them (0, 0 for none forced).
   */
  fill(
    a: number,
    b: number,
    block: number,
    x: number,
    y: number,
    out: Float64Array,
    o: number,
    evaluate: (x: number, y: number, out: Float64Array, o: number) => void,
  ): void {
    const point = (block * this.rows + y) * this.columns + x;
    const { sidesA, sidesB, points, stamps, generation } = this;
    const mask = this.capacity - 1;
    let slot = hash(a, b, point) & mask;
    while (stamps[slot] === generation) {
      if (points[slot] === point && sidesA[slot] === a && sidesB[slot] === b) {
        out[o] = this.values[2 * slot]!;
        out[o + 1] = this.values[2 * slot + 1]!;
        return;
      }
      slot = (slot + 1) & mask;
    }
    evaluate(x, y, out, o);
    this.put(slot, a, b, point, out[o]!, out[o + 1]!);
  }

  /** Keeps a value in the free `slot`, growing the table past half full. */
  private put(slot: number, a: number, b: number, point: number, vx: number, vy: number): void {
    this.sidesA[slot] = a;
    this.sidesB[slot] = b;
    this.points[slot] = point;
    this.values[2 * slot] = vx;
    this.values[2 * slot + 1] = vy;
    this.stamps[slot] = this.generation;
    this.count++;
    if (2 * this.count > this.capacity) this.grow();
  }

  /** Doubles the table, keeping this generation's entries. */
  private grow(): void {
    const { sidesA, sidesB, points, values, stamps, generation, capacity } = this;
    this.capacity = 2 * capacity;
    this.sidesA = new Float64Array(this.capacity);
    this.sidesB = new Float64Array(this.capacity);
    this.points = new Float64Array(this.capacity);
    this.values = new Float64Array(2 * this.capacity);
    this.stamps = new Uint32Array(this.capacity);
    this.generation = 1;
    this.count = 0;
    const mask = this.capacity - 1;
    for (let i = 0; i < capacity; i++) {
      if (stamps[i] !== generation) continue;
      let slot = hash(sidesA[i]!, sidesB[i]!, points[i]!) & mask;
      while (this.stamps[slot] === 1) slot = (slot + 1) & mask;
      this.put(slot, sidesA[i]!, sidesB[i]!, points[i]!, values[2 * i]!, values[2 * i + 1]!);
    }
  }
}

/** A slot hash of three whole numbers (only their low 32 bits are mixed; equality compares the whole). */
function hash(a: number, b: number, point: number): number {
  let h = Math.imul(point | 0, 0x9e3779b1);
  h ^= Math.imul((a | 0) ^ (h >>> 15), 0x85ebca77);
  h ^= Math.imul((b | 0) ^ (h >>> 13), 0xc2b2ae3d);
  return h ^ (h >>> 16);
}
