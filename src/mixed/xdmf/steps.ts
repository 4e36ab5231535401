/**
 * Which grids of an XDMF Domain make which frames. With temporal collections
 * (FEniCSx writes one per function, each repeating the times), every
 * collection's grids are taken by time and the grids at one time make one
 * frame; the Domain's other grids (FEniCSx's `mesh`, which the steps include)
 * are no frames of their own. Without one, the Domain's first grid is the one
 * frame and the others are left out (one warning). A spatial collection's
 * grids are one frame's parts. A grid's time is its own `<Time Value>`, else
 * its collection's `<Time TimeType="List">` value (or `HyperSlab`: start,
 * stride, count); without either, grids are numbered 0, 1, 2 … (a warning).
 */
import { msg } from "../../core/message.js";
import { attr, childrenNamed, type XmlElement } from "../../core/xml.js";
import { XDM } from "./codes.js";
import type { XdmfSession } from "./data.js";

/** One frame to make: its time and the uniform grids whose parts and attributes it takes. */
export interface Step {
  readonly time: number | undefined;
  /** Per collection (or the one grid), the uniform grids of this time: a spatial collection's several. */
  readonly grids: XmlElement[][];
}

const gridType = (g: XmlElement) =>
  (attr(g, "GridType") ?? attr(g, "Type") ?? "Uniform").toLowerCase();
const collectionType = (g: XmlElement) => (attr(g, "CollectionType") ?? "Spatial").toLowerCase();
const isTemporal = (g: XmlElement) =>
  gridType(g) === "collection" && collectionType(g) === "temporal";

/** The uniform grids of `g` (itself, or a spatial collection's, depth first); others are reported and left out. */
function leaves(s: XdmfSession, g: XmlElement, depth = 0): XmlElement[] {
  const type = gridType(g);
  if (type === "uniform") return [g];
  if (type === "collection" && collectionType(g) === "spatial" && depth < 16)
    return childrenNamed(g, "Grid").flatMap((c) => leaves(s, c, depth + 1));
  s.sink.report(
    XDM.gridType,
    `Grid '${attr(g, "Name") ?? ""}' of GridType '${attr(g, "GridType") ?? ""}'${type === "collection" ? ` and CollectionType '${attr(g, "CollectionType")}'` : ""} is left out (read: Uniform, and Collection Temporal or Spatial)`,
    g.start,
    g.start + 1,
  );
  return [];
}

/** The times a collection's own `<Time>` gives its grids (List or HyperSlab), or undefined. */
async function collectionTimes(
  s: XdmfSession,
  c: XmlElement,
  grids: number,
): Promise<number[] | undefined> {
  const time = childrenNamed(c, "Time")[0];
  if (!time) return undefined;
  const type = (attr(time, "TimeType") ?? attr(time, "Type") ?? "Single").toLowerCase();
  const item = childrenNamed(time, "DataItem")[0];
  if ((type !== "list" && type !== "hyperslab") || !item) {
    s.sink.report(
      XDM.times,
      `a collection's Time of TimeType '${type}' is not read (read: List, HyperSlab, and Time Value on each grid)`,
      time.start,
      time.start + 1,
    );
    return undefined;
  }
  const v = (await s.values(item))?.values;
  if (!v) return undefined;
  if (type === "list") return [...v];
  const [start = 0, stride = 0, count = 0] = v;
  // More times than grids are reported by the caller: none is made beyond one past the grids.
  if (!(Number.isInteger(count) && count >= 0)) return undefined;
  return Array.from({ length: Math.min(count, grids + 1) }, (_, k) => start + k * stride);
}

/** The time of grid `g` of a temporal collection: its own Time Value, else `listed`. */
function gridTime(
  s: XdmfSession,
  g: XmlElement,
  listed: number | undefined,
): number | undefined | "bad" {
  const t = childrenNamed(g, "Time")[0];
  const value = t && attr(t, "Value");
  if (t === undefined || value === undefined) return listed;
  const v = Number(value);
  if (value.trim() === "" || !Number.isFinite(v)) {
    s.sink.report(
      XDM.times,
      `Time Value '${value.slice(0, 40)}' is not a number`,
      t.start,
      t.start + 1,
    );
    return "bad";
  }
  return v;
}

/** One temporal collection's steps: (time, its uniform grids), times strictly increasing. */
async function temporal(
  s: XdmfSession,
  c: XmlElement,
): Promise<{ time: number | undefined; grids: XmlElement[] }[]> {
  const children = childrenNamed(c, "Grid");
  const listed = await collectionTimes(s, c, children.length);
  if (listed && listed.length !== children.length) {
    s.sink.report(
      XDM.times,
      `the collection's Time lists ${listed.length} values for its ${children.length} grids`,
      c.start,
      c.start + 1,
    );
  }
  const out: { time: number | undefined; grids: XmlElement[] }[] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (const [k, g] of children.entries()) {
    const time = gridTime(s, g, listed?.length === children.length ? listed[k] : undefined);
    if (time === "bad") continue;
    if (time !== undefined && !(time > last)) {
      s.sink.report(
        XDM.times,
        `Time ${time} of grid ${k} does not follow ${last}: the grid is left out`,
        g.start,
        g.start + 1,
      );
      continue;
    }
    if (time !== undefined) last = time;
    out.push({ time, grids: leaves(s, g) });
  }
  return out;
}

/** The frames of the Domain `domain`, in time order. */
export async function planSteps(s: XdmfSession, domain: XmlElement): Promise<Step[]> {
  const grids = childrenNamed(domain, "Grid");
  const collections = grids.filter(isTemporal);
  if (collections.length === 0) {
    const first = grids[0];
    if (!first) return [];
    if (grids.length > 1) {
      const count = grids.length - 1;
      s.sink.report(
        XDM.extraGrids,
        msg`the Domain's first grid is read; ${{ count }} more grids beside it are left out`,
        grids[1]!.start,
        grids[1]!.start + 1,
      );
    }
    const parts = leaves(s, first);
    return parts.length > 0 ? [{ time: undefined, grids: [parts] }] : [];
  }
  const byTime = new Map<number | string, Step>();
  let untimed = false;
  for (const c of collections) {
    for (const [k, step] of (await temporal(s, c)).entries()) {
      untimed ||= step.time === undefined;
      const key = step.time ?? `#${k}`;
      const at = byTime.get(key) ?? { time: step.time, grids: [] };
      if (step.grids.length > 0) at.grids.push(step.grids);
      byTime.set(key, at);
    }
  }
  if (untimed) {
    s.sink.report(
      XDM.noTimes,
      msg`a temporal collection has grids without a Time: they are numbered 0, 1, 2 … s`,
      collections[0]!.start,
      collections[0]!.start + 1,
    );
  }
  const steps = [...byTime.entries()].map(([key, step]) =>
    typeof key === "string" ? { ...step, time: Number(key.slice(1)) } : step,
  );
  return steps.filter((st) => st.grids.length > 0).sort((a, b) => a.time! - b.time!);
}
