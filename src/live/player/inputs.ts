/** The queue of external inputs, delivered at the first tick at or after their time. */
import type { DeliveredEvent, ExternalInput } from "./types.js";

/**
 * Inputs waiting for their tick, taken in time order (stable for equal
 * times). Pushed in any order at no cost: sorted once when taken
 * (decision 254; an insertion sort made 300,000 unsorted events quadratic).
 */
export class InputQueue {
  private items: ExternalInput[] = [];
  /** Inputs before it are taken. */
  private head = 0;
  /** Whether an input was pushed out of time order since the last sort. */
  private unsorted = false;

  /** Adds one input. */
  push(input: ExternalInput): void {
    const last = this.items[this.items.length - 1];
    if (this.items.length > this.head && last !== undefined && last.atMs > input.atMs)
      this.unsorted = true;
    this.items.push(input);
  }

  /** Inputs still waiting. */
  get size(): number {
    return this.items.length - this.head;
  }

  /** Drops every waiting input. */
  clear(): void {
    this.items = [];
    this.head = 0;
    this.unsorted = false;
  }

  /**
   * Takes the inputs stamped at or before `timeMs`: events are returned,
   * signal values are written into `signals` (later ones win).
   */
  take(timeMs: number, signals: Map<string, number>): DeliveredEvent[] {
    if (this.unsorted) {
      // Array sort is stable: equal times keep the order they were pushed in.
      this.items = this.items.slice(this.head).sort((a, b) => a.atMs - b.atMs);
      this.head = 0;
      this.unsorted = false;
    }
    const events: DeliveredEvent[] = [];
    while (this.head < this.items.length && this.items[this.head]!.atMs <= timeMs) {
      const input = this.items[this.head++]!;
      if ("event" in input)
        events.push(
          input.payload === undefined
            ? { name: input.event, atMs: input.atMs }
            : { name: input.event, atMs: input.atMs, payload: input.payload },
        );
      else signals.set(input.signal, input.value);
    }
    // Drop what was taken once it is most of the array (amortised: each input moved O(1) times).
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return events;
  }
}
