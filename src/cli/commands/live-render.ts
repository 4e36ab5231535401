/**
 * `deforma live render SCENE --ticks N --out DIR [--events EVENTS.json]
 * [--engine NAME] [--classic-reading R] [--gif OUT.gif] [--force]`: the player on a virtual clock,
 * one PNG per tick and timeline.json (the contract in docs/design.md). The
 * engine names are the engine list's (`src/live/engines.ts`), read when the
 * command line is parsed or its help printed, so a registered engine is
 * offered too.
 */
import { mkdir, stat, unlink } from "node:fs/promises";
import { dirname, extname, join, resolve } from "node:path";
import { sortBySource } from "../../core/diagnostics.js";
import { type FileReport, formatReport, reportHasErrors } from "../../core/report.js";
import {
  CLASSIC_READINGS,
  checkInputsAgainstScene,
  type DroppedTrigger,
  type EngineName,
  type ExternalInput,
  encodePng,
  engineNamed,
  engineNames,
  GifStream,
  Player,
  readEvents,
  runPlayer,
  type Scene,
  type TickRecord,
  type TickResult,
  VirtualClock,
} from "../../live/index.js";
import type { AtomicFile } from "../../node/atomic-write.js";
import { nodeKind } from "../../node/output-target.js";
import { defineCommand } from "../command.js";
import { inputText, shownName } from "../input.js";
import { CliError, type CliIo, ExitCode, UsageError } from "../io.js";
import { ALLOW_OUTSIDE_OPTION } from "../options.js";
import { commitOutput, openOutput, outputTaken, writeOutput } from "../output.js";
import { progressBar } from "../progress.js";
import {
  checkDiskRoom,
  checkRenderPixels,
  type DiskStop,
  DiskWatch,
  diskStopWords,
  framesEstimate,
  gifEstimate,
  MAX_RENDER_PIXELS,
  RENDER_MEMORY,
} from "./live-budget.js";
import { existingOutputs, TIMELINE } from "./live-outputs.js";
import { readLiveScene } from "./live-scene.js";

/** Most ticks one render plays (file names have five digits). */
export const MAX_RENDER_TICKS = 100_000;

/** The file of tick `n`: `frame-00042.png`. */
export function frameFileName(n: number): string {
  return `frame-${String(n).padStart(5, "0")}.png`;
}

/** The `live render` command. */
export const liveRender = defineCommand({
  get usage() {
    return `live render SCENE --ticks N --out DIR [--events EVENTS.json] [--engine ${engineNames().join("|")}] [--classic-reading ${CLASSIC_READINGS.join("|")}] [--gif OUT.gif] [--force] [--allow-outside]`;
  },
  description:
    "Plays the scene from its zero frame on a virtual clock (tick n at n·1000/rateHz ms, 50 ms at\n" +
    "20 Hz), delivering each input of EVENTS.json at the first tick at or after its atMs, and\n" +
    "writes DIR/frame-00000.png … (one per tick) and DIR/timeline.json (what each tick showed).\n" +
    "--gif also writes the frames as an animated GIF (one tick a frame). Existing frames,\n" +
    "timeline.json or OUT.gif are replaced only with --force (which also removes frames of an\n" +
    "earlier, longer render); a folder, FIFO or device in their place is refused, --force or not.\n" +
    "Nothing is written while the scene or the events have errors. Checked first: a tick of at\n" +
    `most ${MAX_RENDER_PIXELS.toLocaleString("en-US")} pixels, its pictures and work within ${RENDER_MEMORY / 2 ** 20} MiB, and the estimated output within\n` +
    "the free disk (docs/security.md).\n" +
    "See docs/formats/live-events.md and docs/live-player.md.",
  options: {
    events: {
      type: "path",
      value: "EVENTS.json",
      help: "the timed inputs: [{atMs, event} | {atMs, signal, value}, …] (default: none)",
    },
    ticks: {
      type: "integer",
      positive: true,
      max: MAX_RENDER_TICKS,
      value: "N",
      help: "how many ticks to play (from tick 0)",
    },
    out: { type: "path", value: "DIR", help: "the folder for the frames and timeline.json" },
    engine: {
      type: "enum",
      get choices() {
        return engineNames();
      },
      help: "the in-between engine (default: the scene's)",
    },
    "classic-reading": {
      type: "enum",
      choices: CLASSIC_READINGS,
      help: "how the classic engine reads the seed's step 14 (default: the scene's classicReading)",
    },
    gif: { type: "path", value: "OUT.gif", help: "also write an animated GIF of the frames" },
    force: { type: "boolean", help: "replace existing frames, timeline.json and OUT.gif" },
    "allow-outside": ALLOW_OUTSIDE_OPTION,
  },
  positionals: [1, 1],
  async run(args, io) {
    const { events, ticks, out, gif, force } = args.options;
    if (ticks === undefined) throw new UsageError("missing --ticks N");
    if (out === undefined) throw new UsageError("missing --out DIR");
    if (gif !== undefined && extname(gif).toLowerCase() !== ".gif") {
      throw new UsageError(`--gif ${gif}: the animation is written as GIF; name it *.gif`);
    }
    const outDir = resolve(io.cwd, out);
    await refuseNonFolder(outDir, out);
    const file = args.positionals[0]!;

    // The pixels and memory of a tick are checked before any picture is decoded.
    const read = await readLiveScene(io, file, args.options["allow-outside"], (s) =>
      checkRenderPixels(s, gif !== undefined),
    );
    io.err(formatReport(read.report));
    const reading = args.options["classic-reading"];
    const scene =
      read.scene && reading !== undefined
        ? { ...read.scene, params: { ...read.scene.params, classicReading: reading } }
        : read.scene;
    if (!scene || reportHasErrors(read.report)) {
      io.err(`${shownName(file)}: has errors; nothing rendered\n`);
      return ExitCode.Problems;
    }
    // Without --events nothing happens from outside: the zero frame, and whatever idle rules play.
    const inputs = events === undefined ? [] : await readInputs(io, events, scene);
    if (!inputs) return ExitCode.Problems;

    const kept = await existingOutputs(outDir, out, ticks);
    const clash = [
      ...kept.clashing,
      ...(gif !== undefined && (await outputTaken(io, gif)) ? [gif] : []),
    ];
    if (!force && clash.length > 0) {
      const more = clash.length > 1 ? ` and ${clash.length - 1} more` : "";
      io.err(`deforma: ${clash[0]}${more} exist; not overwritten (use --force)\n`);
      return ExitCode.Problems;
    }
    const engine: EngineName = args.options.engine ?? scene.params.engine;
    if (!engineNamed(engine)) {
      const why = `the ${engine} engine is not available in this build`;
      if (args.options.engine !== undefined) throw new UsageError(`--engine ${engine}: ${why}`);
      throw new CliError(`${shownName(file)}: params.engine: ${why}`, ExitCode.Problems);
    }
    const player = new Player(scene, read.images, { engine: engineNamed(engine)! });
    const animation =
      gif === undefined
        ? undefined
        : new GifStream(
            scene.frames.map((f) => read.images.get(f.name)!),
            player.periodMs,
          );
    const zero = read.images.get(scene.zeroFrame)!;
    await checkDiskRoom([
      { shown: out, folder: outDir, bytes: framesEstimate(ticks, encodePng(zero).length) },
      ...(gif === undefined || !animation
        ? []
        : [
            {
              shown: gif,
              folder: dirname(resolve(io.cwd, gif)),
              bytes: gifEstimate(ticks, animation.encodedSize(zero)),
            },
          ]),
    ]);
    await mkdir(outDir, { recursive: true });
    return render(io, player, animation, inputs, {
      ticks,
      out,
      engine,
      gif,
      force,
      stale: force ? kept.stale : [],
    });
  },
});

/** What {@link render} does. */
interface RenderPlan {
  readonly ticks: number;
  /** DIR as the user gave it. */
  readonly out: string;
  readonly engine: EngineName;
  readonly gif: string | undefined;
  readonly force: boolean;
  /** Frame files of an earlier, longer render (removed). */
  readonly stale: readonly string[];
}

async function render(
  io: CliIo,
  player: Player,
  animation: GifStream | undefined,
  inputs: readonly ExternalInput[],
  plan: RenderPlan,
): Promise<number> {
  for (const input of inputs) player.send(input);
  // The GIF goes to its temporary file frame by frame, and takes its name at the end.
  const gifFile = plan.gif === undefined ? undefined : await openOutput(io, plan.gif, plan.force);
  if (plan.gif !== undefined && !gifFile) return ExitCode.Problems;
  const records: TimelineRecord[] = [];
  const dropped: TimelineDrop[] = [];
  let preempted = 0;
  const fired: string[] = [];
  const bar = progressBar(io, "frames");
  let failed = false;
  let short: DiskStop | undefined;
  const watch = new DiskWatch(
    plan.ticks,
    { shown: plan.out, folder: resolve(io.cwd, plan.out) },
    plan.gif === undefined
      ? undefined
      : { shown: plan.gif, folder: dirname(resolve(io.cwd, plan.gif)) },
  );
  try {
    await runPlayer(player, new VirtualClock(), {
      ticks: plan.ticks,
      stop: () => failed || short !== undefined,
      async onTick(r) {
        records.push(r.regions ? { ...r.record, regions: r.regions } : r.record);
        for (const rule of r.fired) fired.push(`${rule} at tick ${r.record.tick}`);
        for (const d of r.dropped)
          dropped.push({ tick: r.record.tick, timeMs: r.record.timeMs, ...d });
        if (r.record.kind === "inbetween" && r.record.preempted !== undefined) preempted++;
        const name = join(plan.out, frameFileName(r.record.tick));
        // A link planted in place of a frame is replaced, never written through.
        const png = encodePng(r.image);
        if (!(await writeOutput(io, name, png, plan.force, { followLinks: false }))) failed = true;
        let gifBytes = 0;
        if (animation && gifFile) {
          animation.add(r.image);
          const chunk = animation.take();
          gifBytes = chunk.length;
          await gifFile.write(chunk);
        }
        bar.update(records.length, plan.ticks);
        // The free disk again every DISK_RECHECK_FRAMES frames: stop between two whole frames.
        if (!failed) short = await watch.wrote(png.length, gifBytes);
      },
    });
  } catch (e) {
    await gifFile?.abort();
    throw e;
  }
  bar.end();
  if (failed) {
    await gifFile?.abort();
    return ExitCode.Problems;
  }
  if (short) return stopForDisk(io, plan, records, dropped, short, gifFile);
  for (const name of plan.stale) await unlink(resolve(io.cwd, plan.out, name));
  const timeline = join(plan.out, TIMELINE);
  if (
    !(await writeOutput(io, timeline, timelineText(records, dropped), plan.force, {
      followLinks: false,
    }))
  ) {
    await gifFile?.abort();
    return ExitCode.Problems;
  }
  if (animation && gifFile && plan.gif !== undefined) {
    await gifFile.write(animation.finish());
    if (!(await commitOutput(io, plan.gif, gifFile))) return ExitCode.Problems;
  }
  const last = frameFileName(records.length - 1);
  const removed = plan.stale.length > 0 ? `; removed ${plan.stale.length} older frames` : "";
  io.err(
    `${plan.out}: ${records.length} frames (frame-00000.png … ${last}) and ${TIMELINE}, ${plan.engine} engine${removed}\n` +
      `rules fired: ${fired.join(", ") || "none"}\n` +
      `triggers dropped: ${dropSummary(dropped)}; transitions pre-empted: ${preempted}\n` +
      (plan.gif === undefined
        ? ""
        : `${plan.gif}: written (${animation!.frames} frames, ${player.periodMs} ms each)\n`),
  );
  return ExitCode.Ok;
}

/** A render stopped for want of disk: the frames written kept with their timeline, the GIF not written. */
async function stopForDisk(
  io: CliIo,
  plan: RenderPlan,
  records: readonly TimelineRecord[],
  dropped: readonly TimelineDrop[],
  short: DiskStop,
  gifFile: AtomicFile | undefined,
): Promise<number> {
  await gifFile?.abort();
  const timeline = join(plan.out, TIMELINE);
  await writeOutput(io, timeline, timelineText(records, dropped), plan.force, {
    followLinks: false,
  });
  io.err(diskStopWords(plan.out, short, plan.gif));
  return ExitCode.Problems;
}

/** A dropped trigger with its tick, as timeline.json lists it. */
export interface TimelineDrop extends DroppedTrigger {
  readonly tick: number;
  readonly timeMs: number;
}

/** `none`, or `wow → surprise at tick 9 (busy), …`. */
function dropSummary(dropped: readonly TimelineDrop[]): string {
  if (dropped.length === 0) return "none";
  return dropped.map((d) => `${d.trigger} → ${d.story} at tick ${d.tick} (${d.reason})`).join(", ");
}

/** A tick's record with, in a scene with regions, what each active region showed (docs/live-player.md). */
type TimelineRecord = TickRecord & { readonly regions?: TickResult["regions"] };

/**
 * timeline.json: one record a line, members in the contract's order; a
 * tick's dropped triggers follow its record as `kind: "dropped"` records.
 */
export function timelineText(
  records: readonly TimelineRecord[],
  dropped: readonly TimelineDrop[] = [],
): string {
  const lines: string[] = [];
  let d = 0;
  for (const r of records) {
    lines.push(
      JSON.stringify(
        r.kind === "key"
          ? {
              tick: r.tick,
              timeMs: r.timeMs,
              kind: r.kind,
              frame: r.frame,
              ...(r.regions === undefined ? {} : { regions: r.regions }),
            }
          : {
              tick: r.tick,
              timeMs: r.timeMs,
              kind: r.kind,
              from: r.from,
              to: r.to,
              counter: r.counter,
              ...(r.preempted === undefined ? {} : { preempted: r.preempted }),
              ...(r.regions === undefined ? {} : { regions: r.regions }),
            },
      ),
    );
    for (; d < dropped.length && dropped[d]!.tick === r.tick; d++) {
      const { tick, timeMs, trigger, story, reason } = dropped[d]!;
      lines.push(JSON.stringify({ tick, timeMs, kind: "dropped", trigger, story, reason }));
    }
  }
  return `[\n${lines.map((l) => `  ${l}`).join(",\n")}\n]\n`;
}

/** The events file's inputs, with its findings (and those against the scene) printed; undefined on errors. */
async function readInputs(
  io: CliIo,
  path: string,
  scene: Scene,
): Promise<ExternalInput[] | undefined> {
  const text = await inputText(io, path, "live-events");
  const r = readEvents(text);
  const against = r.model && r.spans ? checkInputsAgainstScene(r.model, r.spans, scene) : [];
  const report: FileReport[] = [
    { file: shownName(path), text, diagnostics: sortBySource([...r.diagnostics, ...against]) },
  ];
  io.err(formatReport(report));
  if (!r.model || reportHasErrors(report)) {
    io.err(`${shownName(path)}: has errors; nothing rendered\n`);
    return undefined;
  }
  return r.model;
}

/** A usage error when `dir` exists and is not a folder. */
async function refuseNonFolder(dir: string, shown: string): Promise<void> {
  try {
    const found = await stat(dir);
    if (!found.isDirectory()) {
      const kind = found.isFile() ? "a file" : nodeKind(found);
      throw new UsageError(`--out ${shown}: is ${kind}; give a folder for the frames`);
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== "ENOENT") {
      throw new UsageError(`--out ${shown}: cannot be used as a folder (${code ?? String(e)})`);
    }
  }
}
