/**
 * The Live side panel: a button per event of the scene's rules, a slider per
 * declared signal (both stamped at the current tick), what the player is
 * doing now (tick, frame, story line, СПК, rules fired, dropped ticks, what
 * each region plays), and
 * the key frames (pick one to show and edit its control points).
 */
import { h } from "../dom.js";
import { t, tr } from "../i18n.js";
import type { LiveSession } from "./session.js";

/** See the module comment. */
export class LivePanel {
  readonly element = h("div", { className: "live-panel" });
  private readonly readout = {
    tick: h("dd", { className: "tick" }),
    frame: h("dd", { className: "frame" }),
    story: h("dd", { className: "story" }),
    counter: h("dd", { className: "counter" }),
    fired: h("dd", { className: "fired" }),
    dropped: h("dd", { className: "dropped" }),
    lost: h("dd", { className: "lost" }),
    regions: h("dd", { className: "regions" }),
  };
  /** The last dropped triggers and pre-emptions, newest first. */
  private readonly lostList = h("ul", { className: "lost-triggers" });
  private readonly frames = h("ul", { className: "key-frames" });
  private readonly hint = h("p", { className: "edit-hint" });
  /** Extra content under the key frames (undo/redo of edits). */
  readonly editTools = h("div", { className: "edit-tools" });
  private readonly off: (() => void)[] = [];

  /** The dropped row's title: dropped ticks, or dropped frames when keeping time. */
  private readonly droppedTitle = tr("dt", "live.dropped");

  constructor(private readonly session: LiveSession) {
    const r = this.readout;
    const events = h("div", { className: "events" });
    for (const name of session.events)
      events.append(
        h(
          "button",
          {
            className: "event",
            dataset: { event: name },
            onclick: () => session.sendEvent(name),
          },
          name,
        ),
      );
    if (session.events.length === 0) events.append(tr("p", "live.noEvents"));
    const signals = h("div", { className: "signals" });
    for (const s of session.scene.signals) {
      const value = h("output", {}, String(s.min));
      const step = (s.max - s.min) / 100 || 0.01;
      const input = h("input", {
        type: "range",
        min: s.min,
        max: s.max,
        step,
        value: s.min,
        ariaLabel: s.name,
        oninput: () => {
          value.textContent = String(+Number(input.value).toFixed(4));
          session.sendSignal(s.name, Number(input.value));
        },
      });
      signals.append(
        h(
          "label",
          { className: "signal", dataset: { signal: s.name } },
          h("span", {}, s.name),
          input,
          value,
        ),
      );
    }
    const row = (key: Parameters<typeof tr>[1], dd: HTMLElement) => [tr("dt", key), dd];
    const counterTitle = tr("dt", "live.counter");
    counterTitle.dataset.i18nTitle = "live.counterTitle";
    counterTitle.title = t("live.counterTitle");
    const state = h(
      "dl",
      { className: "readout" },
      ...row("live.tick", r.tick),
      ...row("live.frame", r.frame),
      ...row("live.story", r.story),
      counterTitle,
      r.counter,
      ...row("live.fired", r.fired),
      this.droppedTitle,
      r.dropped,
      ...row("live.lost", r.lost),
      ...((session.scene.regions?.length ?? 0) > 0 ? row("live.regions", r.regions) : []),
    );
    this.element.append(
      h("section", { className: "panel" }, tr("h2", "live.events"), events),
      session.scene.signals.length > 0
        ? h("section", { className: "panel" }, tr("h2", "live.signals"), signals)
        : "",
      h("section", { className: "panel" }, tr("h2", "live.state"), state, this.lostList),
      h(
        "section",
        { className: "panel" },
        tr("h2", "live.keyFrames"),
        this.frames,
        this.hint,
        this.editTools,
      ),
    );
    this.off.push(
      session.shown.add(() => this.renderState()),
      session.changed.add(() => this.render()),
    );
    this.render();
  }

  /** Everything (also after a language switch). */
  render(): void {
    const s = this.session;
    this.frames.replaceChildren();
    const view = s.view();
    for (const f of s.scene.frames) {
      const zero = f.name === s.scene.zeroFrame;
      const button = h(
        "button",
        {
          className: "key-frame",
          dataset: { frame: f.name },
          title: t("live.showFrame", { frame: f.name }),
          onclick: () => s.pick(s.pickedFrame === f.name ? undefined : f.name),
        },
        f.name,
        zero ? h("small", {}, ` · ${t("live.zero")}`) : "",
      );
      button.classList.toggle("picked", s.pickedFrame === f.name);
      button.classList.toggle("editing", view?.editable === f.name);
      this.frames.append(h("li", {}, button));
    }
    this.renderState();
  }

  /** The readout of the last tick. */
  renderState(): void {
    const s = this.session;
    const r = this.readout;
    const result = s.result;
    const state = s.state;
    const period = 1000 / s.scene.params.rateHz;
    r.tick.textContent = `${state.tick} · ${((state.tick * period) / 1000).toFixed(2)} s`;
    const rec = result?.record;
    r.frame.textContent =
      rec === undefined
        ? t("live.none")
        : rec.kind === "key"
          ? t("live.key", { frame: rec.frame })
          : t("live.inbetween", { from: rec.from, to: rec.to });
    r.frame.dataset.kind = rec?.kind ?? "";
    r.story.textContent =
      state.storyLine.length > 0 ? state.storyLine.join(" → ") : t("live.storyEmpty");
    // СПК of the frame shown (the player's own counter already counts the next one).
    r.counter.textContent = String(rec?.kind === "inbetween" ? rec.counter : 0);
    const fired = s.fired;
    r.fired.textContent = fired
      ? t("live.firedAt", { rules: fired.rules.join(", "), tick: fired.tick })
      : t("live.none");
    // Ticks that waited, or (keeping time) frames not shown.
    const dropped = s.keepTime ? "live.droppedFrames" : "live.dropped";
    this.droppedTitle.dataset.i18n = dropped;
    this.droppedTitle.textContent = t(dropped);
    r.dropped.textContent = String(state.dropped);
    r.dropped.classList.toggle("some", state.dropped > 0);
    this.renderLost();
    this.renderRegions();
    const view = s.view();
    const editing = view?.editable;
    this.hint.textContent = editing ? t("live.editing", { frame: editing }) : t("live.editOff");
    this.hint.classList.toggle("on", editing !== undefined);
    for (const b of this.frames.querySelectorAll<HTMLButtonElement>("button.key-frame"))
      b.classList.toggle("editing", b.dataset.frame === editing);
  }

  /** Each region and what it plays: its story's transition or key frame, a driven share, or rest. */
  private renderRegions(): void {
    const shown = this.session.result?.regions;
    this.readout.regions.replaceChildren(
      ...(this.session.scene.regions ?? []).map((g) => {
        const rec = shown?.[g.name];
        const what =
          rec === undefined
            ? t("live.regionRest")
            : rec.kind === "driven"
              ? t("live.regionDriven", { story: rec.story, share: rec.share.toFixed(2) })
              : rec.kind === "key"
                ? t("live.key", { frame: rec.frame })
                : t("live.inbetween", { from: rec.from, to: rec.to });
        return h("div", { dataset: { region: g.name } }, `${g.name}: ${what}`);
      }),
    );
  }

  /** Dropped triggers and pre-empted transitions: the counts and the last few. */
  private renderLost(): void {
    const lost = this.session.lost;
    this.readout.lost.textContent = t("live.lostCount", {
      dropped: lost.dropped,
      preempted: lost.preempted,
    });
    this.readout.lost.classList.toggle("some", lost.dropped + lost.preempted > 0);
    this.lostList.replaceChildren(
      ...lost.recent.map((l) =>
        h(
          "li",
          { dataset: { kind: l.kind } },
          l.kind === "dropped"
            ? t("live.lostDropped", {
                tick: l.tick,
                trigger: l.trigger,
                story: l.story,
                reason: t(`live.reason.${l.reason}`),
              })
            : t("live.lostPreempted", { tick: l.tick, from: l.from, to: l.to }),
        ),
      ),
    );
  }

  dispose(): void {
    for (const f of this.off) f();
  }
}
