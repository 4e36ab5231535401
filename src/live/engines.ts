/**
 * The in-between engines by name — the one list (docs/live-engines.md): the
 * seed's classic engine and the improved one, plus any added with
 * {@link registerEngine}. Everything that names engines derives from it: the
 * scene reader and checks (`params.engine`), the CLI's `live render --engine`
 * (choices and help) and the studio's engine switch.
 */
import { CLASSIC_ENGINE } from "./classic/index.js";
import type { Engine } from "./engine.js";
import { IMPROVED_ENGINE } from "./improved/index.js";

const registry = new Map<string, Engine>();
for (const engine of [CLASSIC_ENGINE, IMPROVED_ENGINE]) registry.set(engine.name, engine);

/** The names of every engine, in registration order (the built-in ones first). */
export function engineNames(): string[] {
  return [...registry.keys()];
}

/** The engine called `name`, or undefined when there is none. */
export function engineNamed(name: string): Engine | undefined {
  return registry.get(name);
}

/**
 * Adds an engine under its `name`: scenes may then name it, `live render
 * --engine` takes it and the studio offers it. Returns a function that
 * removes it again. A second engine of the same name is refused (throws: a
 * programming error).
 */
export function registerEngine(engine: Engine): () => void {
  if (registry.has(engine.name)) throw new Error(`engine '${engine.name}' is registered twice`);
  registry.set(engine.name, engine);
  return () => {
    if (registry.get(engine.name) === engine) registry.delete(engine.name);
  };
}
