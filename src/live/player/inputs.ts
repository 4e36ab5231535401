/** The queue of external inputs, delivered at the first tick at or after their time. */
import type { DeliveredEvent, ExternalInput } from "./types.js";

/** Inputs waiting for their tick, kept in time order (stable for equal times). */
export class InputQueue {
  private items: ExternalInput[] = [];

  /** Adds one input. */
  push(input: ExternalInput): void {
    let i = this.items.length;
    while (i > 0 && this.items[i - 1]!.atMs > input.atMs) i--;
    this.items.splice(i, 0, input);
  }

  /** Inputs still waiting. */
  get size(): number {
    return this.items.length;
  }

  /** Drops every waiting input. */
  clear(): void {
    this.items = [];
  }

  /**
   * Takes the inputs stamped at or before `timeMs`: events are returned,
   * signal values are written into `signals` (later ones win).
   */
  take(timeMs: number, signals: Map<string, number>): DeliveredEvent[] {
    let n = 0;
    while (n < this.items.length && this.items[n]!.atMs <= timeMs) n++;
    if (n === 0) return [];
    const due = this.items.splice(0, n);
    const events: DeliveredEvent[] = [];
    for (const input of due) {
      if ("event" in input)
        events.push(
          input.payload === undefined
            ? { name: input.event, atMs: input.atMs }
            : { name: input.event, atMs: input.atMs, payload: input.payload },
        );
      else signals.set(input.signal, input.value);
    }
    return events;
  }
}
