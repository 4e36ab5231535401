/**
 * Arrays of a model its caller is done with, handed to the next read of the
 * same shape (frames of a series, repeated loads) so that it fills memory
 * already paged in instead of fresh memory (decision 355). An array is taken
 * once at most; one of another length or kind is never taken.
 */
import type { MeshAnimation } from "./model.js";

type PoolArray = Float32Array | Float64Array;
type PoolKind = Float32ArrayConstructor | Float64ArrayConstructor;

export class ArrayPool {
  private readonly free: PoolArray[] = [];

  /** The float arrays of `model` (positions, times, values), which its holder gives up. */
  static of(model: MeshAnimation): ArrayPool {
    const pool = new ArrayPool();
    const arrays = [model.positions, model.times, ...model.scalarValues, ...model.vectorValues];
    const seen = new Set<PoolArray>();
    for (const a of arrays) {
      // Two entries of one array (or overlapping views) would be handed out twice.
      if (seen.has(a) || pool.free.some((b) => overlaps(a, b))) continue;
      seen.add(a);
      pool.free.push(a);
    }
    return pool;
  }

  /** Arrays left to take. */
  get size(): number {
    return this.free.length;
  }

  /**
   * An array of `length` elements of `kind`: a pooled one (its old contents
   * still there: the caller overwrites every element) or a new, zeroed one.
   */
  take<K extends PoolKind>(kind: K, length: number): InstanceType<K> {
    const i = this.free.findIndex((a) => a.constructor === kind && a.length === length);
    if (i < 0 || length === 0) return new kind(length) as InstanceType<K>;
    const [a] = this.free.splice(i, 1);
    return a as InstanceType<K>;
  }
}

/** Whether two arrays share a byte of one buffer. */
function overlaps(a: PoolArray, b: PoolArray): boolean {
  if (a.buffer !== b.buffer) return false;
  return a.byteOffset < b.byteOffset + b.byteLength && b.byteOffset < a.byteOffset + a.byteLength;
}

/** A pool that never has an array: every take is a new one. */
export const NO_POOL = new ArrayPool();
