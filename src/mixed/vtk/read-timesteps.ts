/**
 * The two lists of files with times that a series may start from: a `.pvd`
 * collection (its DataSets grouped by `timestep`, the parts of a step merged
 * or the one `part` chosen) and a ParaView `.series` (JSON). Each file they
 * name is followed through the session (read-session.ts).
 */
import { DiagnosticSink } from "../../core/diagnostics.js";
import { resolveSibling as resolvePath } from "../../core/path.js";
import { attr, attrStart, childrenNamed, type XmlElement } from "../../core/xml.js";
import { VTK } from "./codes.js";
import { mergeFrames } from "./merge.js";
import type { VtkFrame } from "./model.js";
import { context } from "./read-file.js";
import type { Parsed } from "./read-grid.js";
import { bytesOf, type SeriesSession, type VtkInputFile } from "./read-session.js";

/** The DataSets of a collection by timestep, in order of first appearance. */
function timesteps(sets: readonly XmlElement[]): Map<string, XmlElement[]> {
  const steps = new Map<string, XmlElement[]>();
  for (const s of sets) {
    const step = attr(s, "timestep") ?? "";
    steps.set(step, [...(steps.get(step) ?? []), s]);
  }
  return steps;
}

/** The part name of the `k`-th DataSet of a step: its `part` attribute, else its place. */
const partOf = (s: XmlElement, k: number): string => attr(s, "part") ?? String(k);

/** A `.pvd` collection `p` (the file `name`): one frame per timestep. */
export async function readCollection(s: SeriesSession, p: Parsed, name: string): Promise<void> {
  const root = p.root!;
  const collection = childrenNamed(root, "Collection")[0];
  const sets = collection ? childrenNamed(collection, "DataSet") : [];
  const wanted = s.options.part;
  const named = sets.filter((e, k) => wanted === undefined || partOf(e, k) === String(wanted));
  s.plan(
    named.map((e) => resolvePath(name, attr(e, "file") ?? "")),
    name,
  );
  for (const [step, all] of timesteps(sets)) {
    await readTimestep(s, p, name, step, all);
  }
  if (sets.length === 0) p.sink.report(VTK.noFrames, "the collection lists no DataSet", root.start);
}

/** The DataSets `all` of one timestep `step`: the chosen part, or all parts merged. */
async function readTimestep(
  s: SeriesSession,
  p: Parsed,
  name: string,
  step: string,
  all: readonly XmlElement[],
): Promise<void> {
  const time = step === "" ? undefined : Number(step);
  if (time !== undefined && !Number.isFinite(time)) {
    const at = attrStart(all[0]!, "timestep");
    p.sink.report(VTK.times, `timestep '${step}' is not a number`, at);
  }
  const wanted = s.options.part;
  const chosen = wanted === undefined ? all : all.filter((e, k) => partOf(e, k) === String(wanted));
  if (chosen.length === 0) {
    if (s.firstMiss("part")) {
      const parts = all.map(partOf).join(", ");
      const message = `no part ${wanted} at timestep ${step} (parts: ${parts})`;
      p.sink.report(VTK.block, message, all[0]!.start);
    }
    return;
  }
  const parts: VtkFrame[] = [];
  for (const e of chosen) {
    await s.follow(p, attrStart(e, "file"), resolvePath(name, attr(e, "file") ?? ""), time, parts);
  }
  // A part that cannot be read is reported; the timestep is then left out.
  if (parts.length === chosen.length) s.frames.push(mergeFrames(parts));
}

/** A ParaView `.series` (JSON: `{"files": [{"name", "time"}, …]}`): its files in order. */
export async function readJsonSeries(s: SeriesSession, f: VtkInputFile): Promise<void> {
  const sink = new DiagnosticSink();
  const text = new TextDecoder().decode(bytesOf(f));
  s.report.push({ file: f.name, text, diagnostics: sink.items });
  const ctx = context(undefined, { source: text, raw: false }, sink, s.budget);
  const from: Parsed = { file: f.name, root: undefined, ctx, sink };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return sink.report(VTK.fileType, `not a ParaView .series (JSON): ${(e as Error).message}`, 0);
  }
  const list = (doc as { files?: unknown } | null)?.files;
  if (!Array.isArray(list))
    return sink.report(VTK.fileType, "a .series needs a 'files' list of {name, time}", 0);
  if (list.length === 0) sink.report(VTK.noFrames, "the .series lists no file", 0);
  const names = (list as { name?: unknown }[]).map((e) => e?.name);
  s.plan(
    names.filter((n): n is string => typeof n === "string").map((n) => resolvePath(f.name, n)),
    f.name,
  );
  for (const entry of list as { name?: unknown; time?: unknown }[]) {
    const name = entry?.name;
    const at = Math.max(0, text.indexOf(JSON.stringify(name)));
    if (typeof name !== "string") {
      sink.report(VTK.fileType, "an entry of 'files' has no 'name'", at);
      continue;
    }
    const time = entry.time;
    if (time !== undefined && typeof time !== "number")
      sink.report(VTK.times, `the time of '${name}' is not a number`, at);
    await s.follow(
      from,
      at,
      resolvePath(f.name, name),
      typeof time === "number" ? time : undefined,
    );
  }
}
