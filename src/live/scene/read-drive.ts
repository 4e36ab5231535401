/**
 * Stage one of the scene reader, a story's `region` and `drive`
 * (docs/formats/live-scene.md, "Stories"): the region it plays in, and the
 * signal that holds its position. An unknown region is LIV041 (the story
 * plays on the whole face); an unusable drive LIV044, a driven story of
 * other than one key frame LIV047 (the story is then not driven).
 */
import type { Span } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { LIVE } from "./codes.js";
import { SIGNAL_NAME } from "./condition.js";
import { Members } from "./members.js";
import type { Drive, StoryOptions } from "./model.js";

const DRIVE_MEMBERS = ["signal", "from", "to", "attackMs", "releaseMs"];

/** A story's `region` and `drive`, as read; `frames`: how many key frames the story lists. */
export function readRegionOptions(
  o: Members,
  story: string,
  regions: ReadonlySet<string>,
  frames: number,
): Pick<StoryOptions, "region" | "drive"> {
  const out: { region?: string; drive?: Drive } = {};
  const region = o.string("region");
  if (region !== undefined) {
    if (regions.has(region)) out.region = region;
    else
      o.sink.report(
        LIVE.unknownRegion,
        msg`story '${{ story }}': '${{ region }}' is no region of the scene`,
        ...o.span("region"),
      );
  }
  const node = o.typed("drive", "object", "an object {signal, from, to, attackMs, releaseMs}");
  if (!node) return out;
  const d = new Members(node, o.sink, `story '${story}': drive`, DRIVE_MEMBERS);
  const bad = (field: string, found: string) =>
    o.sink.report(
      LIVE.drive,
      msg`story '${{ story }}': drive '${{ field }}' is unusable, found ${{ found }}`,
      ...d.span(field),
    );
  const signal = d.string("signal", "the signal that drives it");
  const from = d.number("from") ?? 0;
  const to = d.number("to") ?? 1;
  const attackMs = d.number("attackMs") ?? 0;
  const releaseMs = d.number("releaseMs") ?? 0;
  let ok = signal !== undefined;
  if (signal !== undefined && !SIGNAL_NAME.test(signal)) {
    bad("signal", `'${signal}' (a signal name)`);
    ok = false;
  }
  if (!(Number.isFinite(from) && Number.isFinite(to) && from !== to)) {
    bad("to", `${to} (a number other than from, ${from})`);
    ok = false;
  }
  for (const [field, v] of [
    ["attackMs", attackMs],
    ["releaseMs", releaseMs],
  ] as const) {
    if (Number.isFinite(v) && v >= 0) continue;
    bad(field, `${v} (≥ 0 ms)`);
    ok = false;
  }
  if (ok && frames !== 1) {
    o.sink.report(
      LIVE.driveFrames,
      msg`driven story '${{ story }}' must list one key frame, found ${frames}`,
      ...o.span("frames"),
    );
    ok = false;
  }
  if (ok) out.drive = { signal: signal!, from, to, attackMs, releaseMs };
  return out;
}

/**
 * Rules naming a driven story are left out (LIV045, at the rule's story);
 * a second driven story in a region is not driven (LIV046, at its name).
 */
export function checkDrives<
  R extends { readonly story: string },
  S extends { readonly story: Span },
>(
  options: Map<string, StoryOptions>,
  storyKeys: ReadonlyMap<string, { readonly key: Span }>,
  rules: { rules: R[]; spans: S[] },
  sink: Members["sink"],
): void {
  const driver = new Map<string, string>();
  for (const [story, o] of options) {
    if (!o.drive) continue;
    const region = o.region ?? "";
    const other = driver.get(region);
    if (other === undefined) {
      driver.set(region, story);
      continue;
    }
    sink.report(
      LIVE.twoDrives,
      msg`region '${{ region: region || "(the whole face)" }}': driven story '${{ story }}' after '${{ other }}'; the first counts`,
      ...storyKeys.get(story)!.key,
    );
    const { drive: _, ...rest } = o;
    options.set(story, rest);
  }
  for (let i = rules.rules.length - 1; i >= 0; i--) {
    const story = rules.rules[i]!.story;
    if (!options.get(story)?.drive) continue;
    sink.report(
      LIVE.drivenRule,
      msg`a rule names driven story '${{ story }}' (its signal plays it); the rule is left out`,
      ...rules.spans[i]!.story,
    );
    rules.rules.splice(i, 1);
    rules.spans.splice(i, 1);
  }
}
