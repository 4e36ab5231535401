/**
 * The Mixed animation workspace: opens an `.amx` from the project through the
 * same loader the CLI uses, shows its diagnostics, and plays it with a
 * timeline, per-body controls, legends and a probe.
 */

import { decodeText } from "../../../src/core/bytes.js";
import { COLORMAP_NAMES, type ColormapName, colormap } from "../../../src/core/colormap.js";
import { locateReport, reportHasErrors } from "../../../src/core/report.js";
import { scalarAt } from "../../../src/mixed/agr/model.js";
import { exportGltf } from "../../../src/mixed/gltf/index.js";
import { loadMixedFolder } from "../../../src/mixed/load.js";
import { buildMixedScene, MixedSampler, type MixedScene } from "../../../src/mixed/sample/index.js";
import { vtkFiles } from "../../../src/mixed/vtk/index.js";
import { readProjectFile, writeProjectFile } from "../api.js";
import { h } from "../dom.js";
import { onLanguageChange, t, tr } from "../i18n.js";
import { formatRoute } from "../route.js";
import { drawPlot, format } from "./plot.js";
import { type BodyState, MixedViewer, type ProbeHit } from "./viewer.js";

/** State of an open mixed animation. */
interface Open {
  readonly file: string;
  readonly scene: MixedScene;
  readonly sampler: MixedSampler;
  readonly viewer: MixedViewer;
  readonly states: BodyState[];
  playing: boolean;
  speed: number;
  loop: boolean;
  probe: ProbeHit | null;
  /** The probed node's value at every `.agr` frame (made when the probe changes). */
  probeSeries: Float32Array | null;
}

/** The workspace element and its `open` entry point. */
export class MixedWorkspace {
  readonly element = h("section", { className: "workspace mixed" });
  private open: Open | null = null;
  private frameRequest = 0;
  private lastTick = 0;
  private readonly ui = {
    stage: h("div", { className: "stage" }),
    legends: h("div", { className: "legends" }),
    tools: h("div", { className: "tools" }),
    side: h("aside", { className: "side" }),
    timeline: h("div", { className: "timeline" }),
    problems: h("div", { className: "problems" }),
    message: h("div", { className: "message" }),
  };

  constructor() {
    this.ui.message.append(tr("p", "mixed.pick"));
    this.element.append(
      h(
        "div",
        { className: "main" },
        this.ui.message,
        this.ui.problems,
        h("div", { className: "view" }, this.ui.stage, this.ui.legends, this.ui.tools),
        this.ui.timeline,
      ),
      this.ui.side,
    );
    onLanguageChange(() => this.refreshPanels());
    window.addEventListener("keydown", (e) => this.key(e));
  }

  /** Opens `file` (project-relative `.amx`) at time `t` (seconds, or a fraction when `percent`). */
  async openFile(file: string, time?: { value: number; percent: boolean }): Promise<void> {
    this.close();
    this.ui.message.replaceChildren(h("p", {}, t("mixed.loading", { file })));
    this.ui.message.hidden = false;
    const input = await readProjectFile(file);
    if (input.status !== "ok") {
      this.showProblems([
        {
          file,
          line: 1,
          column: 1,
          severity: "error",
          code: "AMX100",
          message:
            input.status === "missing"
              ? `${file} not found`
              : `cannot read ${file}: ${input.reason}`,
        },
      ]);
      return;
    }
    const folder = await loadMixedFolder(file, decodeText(input.bytes), readProjectFile);
    const located = locateReport(folder.report);
    const scene = reportHasErrors(folder.report) ? undefined : buildMixedScene(folder);
    this.showProblems(located, scene !== undefined);
    if (!scene) return;
    this.ui.message.hidden = true;
    const sampler = new MixedSampler(scene);
    const viewer = new MixedViewer(this.ui.stage, scene, sampler);
    const states: BodyState[] = scene.bodies.map((b) => ({
      visible: true,
      variant: Math.max(0, b.variantInUse),
      mesh: {
        scalarParam: b.variants[Math.max(0, b.variantInUse)]?.ref.scalarParam ?? 0,
        exaggeration: 1,
        colormap: "viridis",
        rangeMode: "all",
        fixedMin: 0,
        fixedMax: 1,
      },
    }));
    this.open = {
      file,
      scene,
      sampler,
      viewer,
      states,
      playing: false,
      speed: 1,
      loop: true,
      probe: null,
      probeSeries: null,
    };
    viewer.renderer.domElement.addEventListener("pointerdown", (e) => this.startClick(e));
    const start = time
      ? time.percent
        ? scene.start + time.value * (scene.end - scene.start)
        : time.value
      : scene.start;
    this.seek(Math.min(scene.end, Math.max(scene.start, start)));
    viewer.fit();
    this.refreshPanels();
    this.element.dataset.state = "ready";
    if (!time) this.play(true);
  }

  /** Stops playback and frees the view. */
  close(): void {
    cancelAnimationFrame(this.frameRequest);
    this.open?.viewer.dispose();
    this.open = null;
    delete this.element.dataset.state;
    this.ui.side.replaceChildren();
    this.ui.timeline.replaceChildren();
    this.ui.tools.replaceChildren();
    this.ui.legends.replaceChildren();
    this.ui.problems.replaceChildren();
  }

  private showProblems(diags: ReturnType<typeof locateReport>, playable = false): void {
    this.ui.problems.replaceChildren();
    if (diags.length === 0) return;
    const list = h("ul", {});
    for (const d of diags) {
      list.append(
        h(
          "li",
          { className: d.severity },
          h("code", {}, `${d.file}:${d.line}:${d.column}:`),
          ` ${d.severity} ${d.code}: ${d.message}`,
        ),
      );
    }
    const errors = diags.some((d) => d.severity === "error");
    this.ui.problems.append(
      tr("h3", "mixed.problems"),
      errors && !playable ? tr("p", "mixed.cannotPlay") : "",
      list,
    );
    if (errors && !playable) {
      this.ui.message.hidden = true;
      this.element.dataset.state = "error";
    }
  }

  private seek(time: number): void {
    const o = this.open;
    if (!o) return;
    o.sampler.setTime(time);
    o.viewer.update(o.states);
    this.refreshTime();
  }

  private play(on: boolean): void {
    const o = this.open;
    if (!o) return;
    o.playing = on;
    cancelAnimationFrame(this.frameRequest);
    if (on) {
      this.lastTick = performance.now();
      this.frameRequest = requestAnimationFrame((now) => this.tick(now));
    } else this.writeHash();
    this.refreshTime();
  }

  private tick(now: number): void {
    const o = this.open;
    if (!o?.playing) return;
    const dt = Math.min(0.25, (now - this.lastTick) / 1000);
    this.lastTick = now;
    let next = o.sampler.time + dt * o.speed;
    if (next > o.scene.end) {
      const duration = o.scene.end - o.scene.start;
      if (o.loop)
        next = duration > 0 ? o.scene.start + ((next - o.scene.start) % duration) : o.scene.start;
      else {
        this.seek(o.scene.end);
        this.play(false);
        return;
      }
    }
    this.seek(next);
    this.frameRequest = requestAnimationFrame((n) => this.tick(n));
  }

  /** Keyboard: Space plays or pauses, ← and → step a frame, F fits the view. */
  private key(e: KeyboardEvent): void {
    const o = this.open;
    const target = e.target as HTMLElement | null;
    if (!o || this.element.hidden || e.ctrlKey || e.metaKey || e.altKey) return;
    if (target && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(target.tagName)) return;
    if (e.key === " ") this.play(!o.playing);
    else if (e.key === "ArrowRight") this.step(1);
    else if (e.key === "ArrowLeft") this.step(-1);
    else if (e.key === "f" || e.key === "F") o.viewer.fit();
    else return;
    e.preventDefault();
  }

  private step(direction: 1 | -1): void {
    const o = this.open;
    if (!o) return;
    this.play(false);
    const times = o.scene.mbs.times;
    const c = o.sampler.mbsFrame;
    const i =
      direction > 0
        ? c.alpha > 0
          ? c.i1
          : Math.min(c.i0 + 1, times.length - 1)
        : Math.max(c.alpha > 0 ? c.i0 : c.i0 - 1, 0);
    this.seek(times[i]!);
    this.writeHash();
  }

  private writeHash(): void {
    const o = this.open;
    if (!o) return;
    history.replaceState(
      null,
      "",
      formatRoute({
        workspace: "mixed",
        file: o.file,
        t: { value: o.sampler.time, percent: false },
      }),
    );
  }

  private startClick(down: PointerEvent): void {
    const up = (e: PointerEvent) => {
      window.removeEventListener("pointerup", up);
      if (Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) > 4) return;
      const o = this.open;
      if (!o) return;
      o.probe = o.viewer.pick(e.clientX, e.clientY, o.states);
      o.viewer.mark(o.probe?.world ?? null);
      this.refreshProbe();
    };
    window.addEventListener("pointerup", up);
  }

  private refreshPanels(): void {
    const o = this.open;
    if (!o) return;
    // Legends are rebuilt so their labels follow the language.
    this.ui.legends.replaceChildren();
    this.buildTimeline(o);
    this.buildBodies(o);
    this.refreshLegends(o);
    this.refreshTime();
  }

  private buildTimeline(o: Open): void {
    const scrub = h("input", {
      type: "range",
      className: "scrub",
      min: String(o.scene.start),
      max: String(o.scene.end),
      step: "any",
      value: String(o.sampler.time),
      ariaLabel: t("time.time"),
    });
    scrub.addEventListener("input", () => {
      this.play(false);
      this.seek(Number(scrub.value));
    });
    scrub.addEventListener("change", () => this.writeHash());
    const playButton = h("button", { className: "play", onclick: () => this.play(!o.playing) });
    const speed = h("select", {
      ariaLabel: t("time.speed"),
      onchange: (e: Event) => (o.speed = Number((e.target as HTMLSelectElement).value)),
    });
    for (const s of [0.1, 0.25, 0.5, 1, 2, 4])
      speed.append(h("option", { value: String(s), selected: s === o.speed }, `${s}×`));
    const loop = h("input", {
      type: "checkbox",
      checked: o.loop,
      onchange: (e: Event) => (o.loop = (e.target as HTMLInputElement).checked),
    });
    this.ui.timeline.replaceChildren(
      h(
        "button",
        { className: "step-back", title: t("time.back"), onclick: () => this.step(-1) },
        "«",
      ),
      playButton,
      h(
        "button",
        { className: "step-forward", title: t("time.forward"), onclick: () => this.step(1) },
        "»",
      ),
      scrub,
      h("span", { className: "clock" }),
      h("label", {}, `${t("time.speed")} `, speed),
      h("label", {}, loop, ` ${t("time.loop")}`),
    );
    this.ui.tools.replaceChildren(
      h("button", { className: "fit", onclick: () => o.viewer.fit() }, t("view.fit")),
      h(
        "button",
        { className: "screenshot", onclick: () => void this.screenshot() },
        t("view.screenshot"),
      ),
      h(
        "button",
        { className: "export-gltf", onclick: () => void this.exportGltf() },
        t("export.gltf"),
      ),
      h(
        "button",
        { className: "export-vtk", onclick: () => void this.exportVtk() },
        t("export.vtk"),
      ),
      h("div", { className: "export-status", role: "status" }),
    );
  }

  private refreshTime(): void {
    const o = this.open;
    if (!o) return;
    const scrub = this.ui.timeline.querySelector<HTMLInputElement>(".scrub");
    if (scrub && document.activeElement !== scrub) scrub.value = String(o.sampler.time);
    const play = this.ui.timeline.querySelector<HTMLButtonElement>(".play");
    if (play) {
      play.textContent = o.playing ? "⏸" : "▶";
      play.title = t(o.playing ? "time.pause" : "time.play");
      play.dataset.playing = String(o.playing);
    }
    const clock = this.ui.timeline.querySelector(".clock");
    if (clock) {
      const c = o.sampler.mbsFrame;
      const frame = c.alpha >= 0.5 ? c.i1 : c.i0;
      clock.textContent = `${t("time.time")} ${o.sampler.time.toFixed(3)} s · ${t("time.frame")} ${frame} / ${o.scene.mbs.times.length - 1}`;
    }
    this.updateLegendRanges(o);
    if (o.probe) this.refreshProbe(false);
  }

  private buildBodies(o: Open): void {
    const list = h("div", { className: "bodies" });
    for (const b of o.scene.bodies) {
      const state = o.states[b.index]!;
      const visible = h("input", {
        type: "checkbox",
        checked: state.visible,
        title: t("bodies.visible"),
        onchange: (e: Event) => {
          state.visible = (e.target as HTMLInputElement).checked;
          o.viewer.update(o.states);
          this.refreshLegends(o);
        },
      });
      const row = h(
        "div",
        { className: "body", dataset: { body: String(b.number) } },
        h("label", { className: "name" }, visible, ` ${b.number} ${b.name}`),
      );
      if (b.variants.length === 0) {
        row.append(h("span", { className: "kind" }, t("bodies.rigid")));
        list.append(row);
        continue;
      }
      const variant = b.variants[state.variant]!;
      const m = variant.animation;
      const variantSelect = h("select", {
        className: "variant",
        onchange: (e: Event) => {
          state.variant = Number((e.target as HTMLSelectElement).value);
          state.mesh.scalarParam = b.variants[state.variant]!.ref.scalarParam;
          o.probe = null;
          o.viewer.mark(null);
          o.viewer.update(o.states);
          this.refreshPanels();
          this.refreshProbe();
        },
      });
      b.variants.forEach((v, i) => {
        variantSelect.append(
          h("option", { value: String(i), selected: i === state.variant }, `${i}: ${v.ref.file}`),
        );
      });
      const scalarSelect = h("select", {
        className: "scalar",
        onchange: (e: Event) => {
          state.mesh.scalarParam = Number((e.target as HTMLSelectElement).value);
          o.probeSeries = null;
          o.viewer.update(o.states);
          this.refreshLegends(o);
          this.refreshTime();
        },
      });
      m?.scalars.forEach((s, i) => {
        scalarSelect.append(
          h(
            "option",
            { value: String(i), selected: i === state.mesh.scalarParam },
            `${s.name} (${s.unit})`,
          ),
        );
      });
      const colormapSelect = h("select", {
        className: "colormap",
        onchange: (e: Event) => {
          state.mesh.colormap = (e.target as HTMLSelectElement).value as ColormapName;
          o.viewer.update(o.states);
          this.refreshLegends(o);
        },
      });
      for (const name of COLORMAP_NAMES)
        colormapSelect.append(
          h("option", { value: name, selected: name === state.mesh.colormap }, name),
        );
      row.append(
        h("label", {}, `${t("bodies.variant")} `, variantSelect),
        h("label", {}, `${t("bodies.scalar")} `, scalarSelect),
        h("label", {}, `${t("legend.colormap")} `, colormapSelect),
      );
      if (variant.ref.type === 1) {
        const exaggeration = h("input", {
          type: "number",
          className: "exaggeration",
          min: "0",
          step: "1",
          value: String(state.mesh.exaggeration),
          oninput: (e: Event) => {
            const v = Number((e.target as HTMLInputElement).value);
            if (Number.isFinite(v) && v >= 0) {
              state.mesh.exaggeration = v;
              o.viewer.update(o.states);
            }
          },
        });
        row.append(h("label", {}, `${t("bodies.exaggeration")} `, exaggeration));
      }
      list.append(row);
    }
    this.ui.side.replaceChildren(tr("h3", "bodies.title"), list, h("div", { className: "probe" }));
    this.refreshProbe();
  }

  private refreshLegends(o: Open): void {
    const items: HTMLElement[] = [];
    for (const b of o.scene.bodies) {
      const state = o.states[b.index]!;
      if (!state.visible || b.variants.length === 0) continue;
      const view = o.viewer.meshView(b.index, state.variant);
      const m = view?.animation;
      if (!view || !m) continue;
      const param = m.scalars[state.mesh.scalarParam];
      const existing = this.ui.legends.querySelector<HTMLElement>(`[data-body="${b.number}"]`);
      const legend = existing ?? this.makeLegend(o, b.index, b.number);
      legend.querySelector(".title")!.textContent =
        `${b.name}: ${param?.name ?? "—"} (${param?.unit ?? ""})`;
      paintGradient(legend.querySelector("canvas")!, state.mesh.colormap);
      items.push(legend);
    }
    this.ui.legends.replaceChildren(...items);
    this.updateLegendRanges(o);
  }

  /** Per frame: only the legends' range numbers change. */
  private updateLegendRanges(o: Open): void {
    for (const legend of this.ui.legends.children) {
      const b = o.scene.bodies.find(
        (x) => String(x.number) === (legend as HTMLElement).dataset.body,
      );
      const view = b && o.viewer.meshView(b.index, o.states[b.index]!.variant);
      if (!view) continue;
      legend.querySelector(".min")!.textContent = format(view.range.min);
      legend.querySelector(".max")!.textContent = format(view.range.max);
    }
  }

  private makeLegend(o: Open, index: number, number: number): HTMLElement {
    const state = o.states[index]!;
    const mode = h("select", {
      className: "range-mode",
      onchange: (e: Event) => {
        state.mesh.rangeMode = (e.target as HTMLSelectElement)
          .value as BodyState["mesh"]["rangeMode"];
        fixed.hidden = state.mesh.rangeMode !== "fixed";
        if (state.mesh.rangeMode === "fixed") {
          const view = o.viewer.meshView(index, state.variant);
          if (view) {
            state.mesh.fixedMin = view.range.min;
            state.mesh.fixedMax = view.range.max;
            lo.value = String(view.range.min);
            hi.value = String(view.range.max);
          }
        }
        o.viewer.update(o.states);
        this.refreshLegends(o);
      },
    });
    for (const [v, key] of [
      ["frame", "legend.frame"],
      ["all", "legend.all"],
      ["fixed", "legend.fixed"],
    ] as const) {
      mode.append(h("option", { value: v, selected: v === state.mesh.rangeMode }, t(key)));
    }
    const setFixed = () => {
      const a = Number(lo.value);
      const b = Number(hi.value);
      if (Number.isFinite(a) && Number.isFinite(b)) {
        state.mesh.fixedMin = a;
        state.mesh.fixedMax = b;
        o.viewer.update(o.states);
        this.refreshLegends(o);
      }
    };
    const lo = h("input", {
      type: "number",
      step: "any",
      className: "fixed-min",
      onchange: setFixed,
    });
    const hi = h("input", {
      type: "number",
      step: "any",
      className: "fixed-max",
      onchange: setFixed,
    });
    const fixed = h(
      "span",
      { className: "fixed", hidden: state.mesh.rangeMode !== "fixed" },
      lo,
      " … ",
      hi,
    );
    return h(
      "div",
      { className: "legend", dataset: { body: String(number) } },
      h("div", { className: "title" }),
      h("canvas", { width: 256, height: 12 }),
      h(
        "div",
        { className: "ends" },
        h("span", { className: "min" }),
        h("span", { className: "max" }),
      ),
      h("label", {}, `${t("legend.range")} `, mode, fixed),
    );
  }

  private refreshProbe(redraw = true): void {
    const o = this.open;
    const panel = this.ui.side.querySelector<HTMLElement>(".probe");
    if (!o || !panel) return;
    const hit = o.probe;
    if (!hit) {
      panel.replaceChildren(tr("h3", "probe.title"), tr("p", "probe.hint"));
      return;
    }
    const m = hit.variant.animation!;
    const state = o.states[hit.body]!;
    const param = Math.min(state.mesh.scalarParam, m.scalars.length - 1);
    const desc = m.scalars[param]!;
    // The node's value over all frames is gathered once per probe, not per frame.
    if (redraw || !o.probeSeries) {
      const frames = desc.varying ? m.times.length : 1;
      o.probeSeries = new Float32Array(frames);
      for (let f = 0; f < frames; f++) o.probeSeries[f] = scalarAt(m, param, f)[hit.node]!;
    }
    const series = o.probeSeries;
    const value = o.sampler.nodeScalar(hit.variant, hit.node, param);
    let canvas = panel.querySelector<HTMLCanvasElement>("canvas.plot");
    if (redraw || !canvas) {
      canvas = h("canvas", { className: "plot" });
      panel.replaceChildren(
        tr("h3", "probe.title"),
        h(
          "dl",
          {},
          h("dt", {}, t("probe.node")),
          h("dd", { className: "node" }, `${o.scene.bodies[hit.body]!.name} #${hit.node}`),
          h("dt", {}, t("probe.coords")),
          h("dd", { className: "coords" }, hit.world.map((v) => v.toFixed(5)).join(", ")),
          h("dt", {}, t("probe.value")),
          h("dd", { className: "value" }),
        ),
        h("p", { className: "plot-title" }, `${desc.name} (${desc.unit}) ${t("probe.over")}`),
        canvas,
      );
    }
    panel.querySelector(".value")!.textContent = `${format(value)} ${desc.unit}`;
    drawPlot(canvas, desc.varying ? m.times : [m.times[0] ?? 0], series, o.sampler.time, desc.unit);
  }

  /** The file's name without folder and extension, for exported files. */
  private baseName(o: Open): string {
    return o.file.replace(/.*\//, "").replace(/\.amx$/i, "");
  }

  private exportStatus(text: string): void {
    const el = this.ui.tools.querySelector(".export-status");
    if (el) el.textContent = text;
  }

  /** Exports the whole animation as one .glb and downloads it. */
  private async exportGltf(): Promise<void> {
    const o = this.open;
    if (!o) return;
    try {
      const glb = await exportGltf(o.scene, {
        onProgress: (done, total) => this.exportStatus(t("export.working", { done, total })),
      });
      const file = `${this.baseName(o)}.glb`;
      download(new Blob([glb as BlobPart], { type: "model/gltf-binary" }), file);
      this.exportStatus(t("export.savedGltf", { file }));
    } catch (e) {
      this.exportStatus(t("export.failed", { error: (e as Error).message }));
    }
  }

  /** Writes a VTK series (10 frames per second) into a folder of the project, next to the .amx. */
  private async exportVtk(): Promise<void> {
    const o = this.open;
    if (!o) return;
    const name = this.baseName(o);
    const folder = `${o.file.includes("/") ? o.file.replace(/\/[^/]*$/, "/") : ""}${name}-vtk`;
    let overwrite = false;
    let count = 0;
    try {
      for (const f of vtkFiles(o.scene, {
        name,
        fps: 10,
        onProgress: (done, total) => this.exportStatus(t("export.working", { done, total })),
      })) {
        const data = typeof f.data === "string" ? new TextEncoder().encode(f.data) : f.data;
        let result = await writeProjectFile(`${folder}/${f.name}`, data, overwrite);
        if (result === "exists") {
          if (!confirm(t("export.replace", { folder }))) return;
          overwrite = true;
          result = await writeProjectFile(`${folder}/${f.name}`, data, true);
        }
        count++;
      }
      this.exportStatus(t("export.savedVtk", { count, folder }));
      this.element.dispatchEvent(new CustomEvent("files-changed", { bubbles: true }));
    } catch (e) {
      this.exportStatus(t("export.failed", { error: (e as Error).message }));
    }
  }

  private async screenshot(): Promise<void> {
    const o = this.open;
    if (!o) return;
    const blob = await o.viewer.screenshot();
    if (!blob) return;
    download(blob, `${this.baseName(o)}-${o.sampler.time.toFixed(3)}s.png`);
  }
}

/** Offers a blob to the user as a download named `name`. */
function download(blob: Blob, name: string): void {
  const a = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

function paintGradient(canvas: HTMLCanvasElement, name: ColormapName): void {
  const g = canvas.getContext("2d");
  if (!g) return;
  const lut = colormap(name);
  const img = g.createImageData(256, 1);
  for (let i = 0; i < 256; i++)
    img.data.set([lut[i * 3]!, lut[i * 3 + 1]!, lut[i * 3 + 2]!, 255], i * 4);
  for (let y = 0; y < canvas.height; y++) g.putImageData(img, 0, y);
}
