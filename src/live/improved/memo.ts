/**
 * The special cells' field evaluations of one `FieldGrid.compute`, by forced
 * sides, block and point (decisions 339, 363): neighbouring cells share
 * their edges' midpoints, and neighbouring quarters their corners on the
 * same sides of the same cuts, so each is evaluated once (the same numbers:
 * the evaluation depends on nothing else).
 */
export class EvalMemo {
  /** By the forced sides' string, then by (block · rows + y) · columns + x. */
  private readonly bySides = new Map<string, Map<number, number>>();
  private count = 0;
  private values = new Float64Array(256);

  /** `columns` and `rows`: more than the largest x and y a point can have (whole pixels). */
  constructor(
    private readonly columns: number,
    private readonly rows: number,
  ) {}

  clear(): void {
    this.bySides.clear();
    this.count = 0;
  }

  /**
   * Writes the value kept for (sides, block, x, y) to out[o], out[o + 1], or
   * else `evaluate`s it there and keeps it.
   */
  fill(
    sides: string,
    block: number,
    x: number,
    y: number,
    out: Float64Array,
    o: number,
    evaluate: (x: number, y: number, out: Float64Array, o: number) => void,
  ): void {
    let keyed = this.bySides.get(sides);
    if (!keyed) {
      keyed = new Map();
      this.bySides.set(sides, keyed);
    }
    const key = (block * this.rows + y) * this.columns + x;
    const at = keyed.get(key);
    if (at !== undefined) {
      out[o] = this.values[at]!;
      out[o + 1] = this.values[at + 1]!;
      return;
    }
    evaluate(x, y, out, o);
    const next = this.count * 2;
    this.count++;
    if (next + 2 > this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[next] = out[o]!;
    this.values[next + 1] = out[o + 1]!;
    keyed.set(key, next);
  }
}
