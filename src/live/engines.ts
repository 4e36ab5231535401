/** The in-between engines by name: the seed's classic one and the improved one (docs/live-engines.md). */
import { CLASSIC_ENGINE } from "./classic/index.js";
import type { Engine } from "./engine.js";
import { IMPROVED_ENGINE } from "./improved/index.js";
import type { EngineName } from "./scene/model.js";

/** Every engine, by the name scenes and the CLI use. */
export const ENGINES: Readonly<Partial<Record<EngineName, Engine>>> = {
  classic: CLASSIC_ENGINE,
  improved: IMPROVED_ENGINE,
};

/** The engine called `name`, or undefined when there is none. */
export function engineNamed(name: string): Engine | undefined {
  return Object.hasOwn(ENGINES, name) ? ENGINES[name as EngineName] : undefined;
}
