/**
 * STAND-IN for `src/live/scene` (being written): reads a `*.scene.json`
 * without located checks, enough to develop the workspace. Removed when the
 * real reader lands.
 */
import type { Diagnostic } from "../../../src/core/diagnostics.js";
import { readJsonSpans } from "../../../src/core/json-spans.js";
import {
  DEFAULT_PARAMS,
  type KeyFrame,
  type Rule,
  type Scene,
  type SignalSpec,
  type Trigger,
} from "../../../src/live/scene/model.js";

/** A scene read from text: the scene when usable, and what was found. */
export interface SceneRead {
  readonly model?: Scene | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

type Json = Record<string, unknown>;

export function readStandInScene(text: string): SceneRead {
  let j: Json;
  try {
    j = JSON.parse(text) as Json;
  } catch {
    const error = readJsonSpans(text).error;
    return { diagnostics: [fail(error?.message ?? "not JSON", error?.start, error?.end)] };
  }
  try {
    const frames: KeyFrame[] = (j.frames as Json[]).map((f) => ({
      name: String(f.name),
      image: String(f.image),
      points: new Map(
        Object.entries(f.points as Record<string, [number, number]>).map(([k, [x, y]]) => [
          k,
          { x, y },
        ]),
      ),
      cuts: ((f.cuts as string[][] | undefined) ?? []).map((c) => ({ points: c })),
    }));
    const rules: Rule[] = ((j.rules as Json[] | undefined) ?? []).map((r) => {
      const when = /^\s*(\S+?)\s*(>=|<=|>|<)\s*(\S+)\s*$/.exec(String(r.when ?? ""));
      const trigger: Trigger =
        r.event !== undefined
          ? { kind: "event", event: String(r.event) }
          : when
            ? { kind: "signal", signal: when[1]!, op: when[2] as ">", value: Number(when[3]) }
            : { kind: "idle", ms: Number(r.idleMs) };
      return {
        trigger,
        story: String(r.story),
        priority: Number(r.priority ?? 0),
        cooldownMs: Number(r.cooldownMs ?? 0),
      };
    });
    const scene: Scene = {
      version: 1,
      width: Number((j.size as number[])[0]),
      height: Number((j.size as number[])[1]),
      frames,
      zeroFrame: String(j.zeroFrame ?? frames[0]?.name),
      stories: new Map(Object.entries((j.stories as Record<string, string[]>) ?? {})),
      rules,
      signals: (j.signals as SignalSpec[] | undefined) ?? [],
      params: { ...DEFAULT_PARAMS, ...((j.params as Json | undefined) ?? {}) },
    };
    return { model: scene, diagnostics: [] };
  } catch (e) {
    return { diagnostics: [fail((e as Error).message)] };
  }
}

function fail(message: string, start = 0, end = start): Diagnostic {
  return { code: "SCN000", severity: "error", message, start, end };
}
