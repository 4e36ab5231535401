/** A named event with listeners: the way panels hear about changes without reaching into each other. */

/** One kind of change; listeners are called in the order they were added. */
export class Signal<T = void> {
  private readonly listeners = new Set<(value: T) => void>();

  /** Adds a listener; the returned function removes it. */
  add(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls every listener with `value`. */
  dispatch(value: T): void {
    for (const f of [...this.listeners]) f(value);
  }

  /** Removes every listener (when the state that owns the signal is dropped). */
  clear(): void {
    this.listeners.clear();
  }
}
