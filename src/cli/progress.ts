/** The progress bar of long commands (`mixed export`, `live render`): on a terminal only. */
import type { CliIo } from "./io.js";

/** A progress reporter `(done, total)` drawing a bar on stderr when it is a terminal; silent otherwise. */
export function progressBar(
  io: CliIo,
  what: string,
): { update(done: number, total: number): void; end(): void } {
  let shown = -1;
  let drawn = false;
  return {
    update(done, total) {
      if (!io.isTTY || total <= 0) return;
      const width = 30;
      const filled = Math.round((done / total) * width);
      if (filled === shown && done !== total) return;
      shown = filled;
      drawn = true;
      io.err(`\r[${"#".repeat(filled)}${" ".repeat(width - filled)}] ${done}/${total} ${what}`);
    },
    end() {
      if (drawn) io.err("\n");
    },
  };
}
