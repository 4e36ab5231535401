/** The `--frame-budget MIB` option of the commands that read a large binary `.agr` frame by frame. */
import { DEFAULT_FRAME_BUDGET } from "../mixed/agr/index.js";

/** The option's spec (MiB; fractions allowed, so tests can use small budgets). */
export const FRAME_BUDGET_OPTION = {
  type: "number",
  positive: true,
  value: "MIB",
  help: `read a binary .agr larger than this frame by frame, holding at most this much of its frames (default ${DEFAULT_FRAME_BUDGET / 2 ** 20})`,
} as const;

/** The budget in bytes for the option's value (MiB), or the default. */
export function frameBudgetBytes(mib: number | undefined): number {
  return mib === undefined ? DEFAULT_FRAME_BUDGET : Math.floor(mib * 2 ** 20);
}
