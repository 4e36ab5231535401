/**
 * Runs a player on a clock (the seed's step 2): tick n is due at
 * n · period ms; after a tick's work the runner waits for the next due
 * instant. A tick whose work overran waits for the next multiple of the
 * period, and the ticks it passed are counted as dropped — the player never
 * speeds up to catch up.
 */
import type { Player } from "./player.js";
import type { PlayerClock, TickResult } from "./types.js";

/** A clock that only moves when waited on: tests and `live render` see the exact instants 0, 50, 100, … ms. */
export class VirtualClock implements PlayerClock {
  private ms = 0;

  now(): number {
    return this.ms;
  }

  /** Moves the clock by `ms` (as if work took that long). */
  advance(ms: number): void {
    this.ms += ms;
  }

  async waitUntil(ms: number): Promise<void> {
    if (ms > this.ms) this.ms = ms;
  }
}

/** Options of {@link runPlayer}. */
export interface RunOptions {
  /** Runs until the tick index reaches this (ticks 0 … ticks − 1, less the dropped ones). */
  readonly ticks: number;
  /** Called with each tick's result before the next wait (its time counts as the tick's work). */
  readonly onTick?: (result: TickResult) => void | Promise<void>;
  /** Stops early when it returns true (checked before each tick). */
  readonly stop?: () => boolean;
}

/** The first tick index due at or after `ms`. */
export function tickAtOrAfter(ms: number, periodMs: number): number {
  const n = Math.ceil(ms / periodMs - 1e-9);
  return Math.max(0, n);
}

/** Runs `player` on `clock`; resolves with the number of ticks shown. */
export async function runPlayer(
  player: Player,
  clock: PlayerClock,
  options: RunOptions,
): Promise<number> {
  const period = player.periodMs;
  let n = Math.max(0, player.state.tick + 1);
  let shown = 0;
  while (n < options.ticks && !options.stop?.()) {
    await clock.waitUntil(n * period);
    const result = player.tick(n);
    shown++;
    await options.onTick?.(result);
    // The next multiple of the period after the work (step 2); passed ones are dropped.
    n = Math.max(n + 1, tickAtOrAfter(clock.now(), period));
  }
  return shown;
}
