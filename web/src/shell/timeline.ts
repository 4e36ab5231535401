/**
 * The timeline bar: play/pause, step, scrub, speed and loop over a
 * {@link PlaybackClock}. It acts on the clock only and redraws when the clock
 * says its time changed; it knows nothing of what is being played.
 */
import { h } from "../dom.js";
import { t } from "../i18n.js";
import type { PlaybackClock } from "./clock.js";
import { icon } from "./icons.js";
import { toolButton } from "./tool-button.js";

/** What the bar needs besides the clock. */
export interface TimelineOptions {
  /** Frame times (s, increasing) that ← / → and the step buttons move between. */
  readonly frames: ArrayLike<number>;
  /** The clock's text for a time (shown beside the slider). */
  readonly label: (time: number) => string;
  /** Speeds offered (× real time). */
  readonly speeds?: readonly number[];
  /** Called when the user has finished moving the time (to write it to the address, say). */
  readonly settled?: (time: number) => void;
}

/** Speeds offered by default. */
const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 4] as const;

/** Index of the frame a step from `time` in `direction` lands on. */
export function stepFrame(frames: ArrayLike<number>, time: number, direction: 1 | -1): number {
  const n = frames.length;
  if (n === 0) return -1;
  const eps = 1e-9;
  if (direction > 0) {
    for (let i = 0; i < n; i++) if (frames[i]! > time + eps) return i;
    return n - 1;
  }
  for (let i = n - 1; i >= 0; i--) if (frames[i]! < time - eps) return i;
  return 0;
}

/** The bar's element and its keyboard handling. */
export class TimelineBar {
  readonly element = h("div", { className: "timeline" });
  private readonly scrub: HTMLInputElement;
  private readonly playButton: HTMLButtonElement;
  private readonly clockText = h("span", { className: "clock" });
  /** While the pointer holds the slider, playback does not write its value back. */
  private dragging = false;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly clock: PlaybackClock,
    private readonly options: TimelineOptions,
  ) {
    const scrub = h("input", {
      type: "range",
      className: "scrub",
      min: String(clock.start),
      max: String(clock.end),
      step: "any",
      ariaLabel: t("time.time"),
    });
    scrub.value = String(clock.time);
    // Read the slider's value before anything else runs: pausing redraws the bar,
    // and a redraw must not put the old time back before it is read (the first click
    // on the slider used to be lost that way, because focus arrives after `input`).
    scrub.addEventListener("input", () => {
      const value = Number(scrub.value);
      this.dragging = true;
      clock.pause();
      clock.seek(value);
    });
    scrub.addEventListener("pointerdown", () => {
      this.dragging = true;
    });
    const release = () => {
      if (!this.dragging) return;
      this.dragging = false;
      this.options.settled?.(clock.time);
      this.refresh();
    };
    scrub.addEventListener("change", release);
    scrub.addEventListener("pointerup", release);
    scrub.addEventListener("blur", release);
    this.scrub = scrub;
    this.playButton = h("button", { className: "play icon-button", onclick: () => clock.toggle() });
    const speed = h("select", {
      className: "speed",
      ariaLabel: t("time.speed"),
      title: t("time.speed"),
      onchange: (e: Event) => {
        clock.speed = Number((e.target as HTMLSelectElement).value);
      },
    });
    for (const s of options.speeds ?? SPEEDS)
      speed.append(h("option", { value: String(s), selected: s === clock.speed }, `${s}×`));
    const loop = h("input", {
      type: "checkbox",
      className: "loop",
      checked: clock.loop,
      onchange: (e: Event) => {
        clock.loop = (e.target as HTMLInputElement).checked;
      },
    });
    this.element.append(
      toolButton("step-back", "stepBack", "time.back", () => this.step(-1), false),
      this.playButton,
      toolButton("step-forward", "stepForward", "time.forward", () => this.step(1), false),
      scrub,
      // Clock, speed and loop wrap as one group in narrow windows.
      h(
        "span",
        { className: "timeline-extra" },
        this.clockText,
        speed,
        h("label", { className: "loop-label", title: t("time.loop") }, loop, icon("loop")),
      ),
    );
    this.unsubscribe.push(
      clock.changed.add(() => this.refresh()),
      clock.playingChanged.add((playing) => {
        if (!playing) this.options.settled?.(clock.time);
        this.refresh();
      }),
    );
    this.refresh();
  }

  /** Moves one frame back or forward (and pauses). */
  step(direction: 1 | -1): void {
    const i = stepFrame(this.options.frames, this.clock.time, direction);
    if (i < 0) return;
    this.clock.pause();
    this.clock.seek(this.options.frames[i]!);
    this.options.settled?.(this.clock.time);
  }

  /** Space plays or pauses, ← and → step; true when the key was used. */
  key(e: KeyboardEvent): boolean {
    if (e.key === " ") this.clock.toggle();
    else if (e.key === "ArrowRight") this.step(1);
    else if (e.key === "ArrowLeft") this.step(-1);
    else return false;
    return true;
  }

  /** Shows the clock's time and state. */
  refresh(): void {
    const c = this.clock;
    if (!this.dragging) this.scrub.value = String(c.time);
    const b = this.playButton;
    if (b.dataset.playing !== String(c.playing) || b.dataset.lang !== t("time.play")) {
      b.replaceChildren(icon(c.playing ? "pause" : "play"));
      b.title = t(c.playing ? "time.pause" : "time.play");
      b.ariaLabel = b.title;
      b.dataset.playing = String(c.playing);
      b.dataset.lang = t("time.play");
    }
    this.clockText.textContent = this.options.label(c.time);
  }

  /** Stops listening to the clock. */
  dispose(): void {
    for (const f of this.unsubscribe) f();
    this.element.remove();
  }
}
