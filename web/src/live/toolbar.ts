/**
 * The Live toolbar: play/pause, one tick, back to the start; the engine
 * switch and, with the classic engine, its reading of step 14 (from the next
 * transition); the overlay toggles (the discs with the classic engine only);
 * keeping time by dropping frames; the GIF export of what was played; and a
 * status line.
 */
import { CLASSIC_READINGS, type ClassicReading, type EngineName } from "../../../src/live/index.js";
import { h } from "../dom.js";
import { isMessageKey, type MessageKey, t, tr } from "../i18n.js";
import { icon } from "../shell/icons.js";
import { toolButton } from "../shell/tool-button.js";
import { engineNames } from "./backend.js";
import type { OverlayOptions } from "./overlays.js";
import type { LiveSession } from "./session.js";

/** An engine the switch offers, and whether the session can use it. */
export interface EngineChoice {
  readonly name: EngineName;
  readonly available: boolean;
}

/** The engines the switch offers: every engine of the list of `src/live` (registered ones too), in its order. */
export function engineChoices(session: Pick<LiveSession, "hasEngine">): EngineChoice[] {
  return engineNames().map((name) => ({ name, available: session.hasEngine(name) }));
}

/** The catalogue key of engine `name`'s label, when the catalogue has one (an engine added at run time has not). */
function engineKey(name: EngineName): MessageKey | undefined {
  const key = `live.engine.${name}`;
  return isMessageKey(key) ? key : undefined;
}

/** Engine `name` for people: its translated label, or else its name. */
export function engineLabel(name: EngineName): string {
  const key = engineKey(name);
  return key ? t(key) : name;
}

/** Gives `el` the title of catalogue key `key`, following a language switch. */
function titled<E extends HTMLElement>(el: E, key: MessageKey): E {
  el.dataset.i18nTitle = key;
  el.title = t(key);
  return el;
}

/** A {@link toolButton} whose label and title follow a language switch. */
export function liveButton(
  className: string,
  name: Parameters<typeof toolButton>[1],
  label: MessageKey,
  onclick: () => void,
  showLabel = true,
): HTMLButtonElement {
  const b = toolButton(className, name, label, onclick, showLabel);
  b.dataset.i18nTitle = label;
  const span = b.querySelector<HTMLElement>(".label");
  if (span) span.dataset.i18n = label;
  return b;
}

/** What the toolbar asks of the workspace. */
export interface ToolbarActions {
  /** An overlay was switched. */
  overlaysChanged(): void;
  exportGif(): void;
}

/** Toolbars made so far: each names its engine radio group apart (two players on one page). */
let toolbars = 0;

/** See the module comment. */
export class LiveToolbar {
  readonly element = h("div", { className: "toolbar live-toolbar" });
  private readonly playButton = h("button", {
    className: "play icon-button",
    onclick: () => this.session.toggle(),
  });
  private readonly engineInputs = new Map<EngineName, HTMLInputElement>();
  /** Controls shown with the classic engine only (its reading, the discs overlay). */
  private readonly classicOnly: HTMLElement[] = [];
  private readonly reading: HTMLSelectElement;
  private readonly keepTime: HTMLInputElement;
  private readonly exportButton: HTMLButtonElement;
  readonly status = h("span", { className: "status", role: "status" });
  private message = "";
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly session: LiveSession,
    overlays: OverlayOptions,
    actions: ToolbarActions,
    wide: boolean,
  ) {
    const step = liveButton("step", "stepForward", "live.step", () => session.step(), false);
    const reset = liveButton("reset", "stepBack", "live.reset", () => session.reset(), false);
    const engine = h("fieldset", { className: "engine" }, tr("legend", "live.engine"));
    const group = `live-engine-${++toolbars}`;
    for (const { name, available } of engineChoices(session)) {
      const input = h("input", {
        type: "radio",
        name: group,
        value: name,
        disabled: !available,
        onchange: () => {
          if (session.setEngine(name))
            this.say(t("live.engineNext", { engine: engineLabel(name) }));
        },
      });
      this.engineInputs.set(name, input);
      const key = engineKey(name);
      const label = key ? tr("span", key) : h("span", {}, name);
      engine.append(h("label", { dataset: { engine: name } }, input, label));
    }
    const toggles = h("fieldset", { className: "overlays" }, tr("legend", "live.overlays"));
    for (const key of ["points", "cuts", "discs", "regions"] as const) {
      const input = h("input", {
        type: "checkbox",
        checked: overlays[key],
        onchange: (e: Event) => {
          overlays[key] = (e.target as HTMLInputElement).checked;
          actions.overlaysChanged();
        },
      });
      const label = h(
        "label",
        { dataset: { overlay: key } },
        input,
        tr("span", `live.overlay.${key}` as MessageKey),
      );
      if (key === "discs") {
        titled(label, "live.overlay.discsTitle");
        this.classicOnly.push(label);
      }
      toggles.append(label);
    }
    this.reading = h(
      "select",
      { onchange: () => session.setClassicReading(this.reading.value as ClassicReading) },
      ...CLASSIC_READINGS.map((r) => {
        const option = tr("option", `live.reading.${r}` as MessageKey);
        option.value = r;
        return option;
      }),
    );
    const reading = titled(
      h("label", { className: "reading" }, tr("span", "live.reading"), this.reading),
      "live.readingTitle",
    );
    this.classicOnly.push(reading);
    engine.append(reading);
    this.keepTime = h("input", {
      type: "checkbox",
      onchange: () => session.setKeepTime(this.keepTime.checked),
    });
    const keep = titled(
      h("label", { className: "keep-time" }, this.keepTime, tr("span", "live.keepTime")),
      "live.keepTimeTitle",
    );
    toggles.append(keep);
    this.exportButton = liveButton(
      "export-gif",
      "download",
      "live.exportGif",
      () => actions.exportGif(),
      wide,
    );
    this.element.append(
      h("div", { className: "transport" }, reset, this.playButton, step),
      engine,
      toggles,
      this.exportButton,
      this.status,
    );
    this.off.push(
      session.changed.add(() => this.render()),
      session.shown.add(() => this.renderExport()),
    );
    this.render();
  }

  /** Shows a message in the status line. */
  say(message: string): void {
    this.message = message;
    this.status.textContent = message;
  }

  /** Updates the buttons (and their labels on a language switch). */
  render(): void {
    const playing = this.session.playing;
    const label = t(playing ? "time.pause" : "time.play");
    this.playButton.replaceChildren(icon(playing ? "pause" : "play"));
    this.playButton.title = label;
    this.playButton.ariaLabel = label;
    this.playButton.dataset.playing = String(playing);
    for (const [name, input] of this.engineInputs) input.checked = name === this.session.engine;
    for (const el of this.classicOnly) {
      // `hidden` alone loses to the labels' own display.
      el.hidden = this.session.engine !== "classic";
      el.style.display = el.hidden ? "none" : "";
    }
    this.reading.value = this.session.classicReading;
    this.keepTime.checked = this.session.keepTime;
    this.status.textContent = this.message;
    this.renderExport();
  }

  private renderExport(): void {
    const n = this.session.ring.size;
    this.exportButton.disabled = n === 0;
    this.exportButton.dataset.frames = String(n);
  }

  dispose(): void {
    for (const f of this.off) f();
  }
}
