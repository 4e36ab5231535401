/**
 * Stand-in for the Bulges workspace's 3-D preview (the "preview" branch
 * replaces this file): the agreed interface, an element with the elbow-flex
 * slider and nothing drawn.
 */
import type { BulgeDefinition } from "../../../src/bulge/index.js";
import { h } from "../dom.js";
import { Signal } from "../shell/signal.js";

/** The preview of the selected bulge on the demo's rigged arm. */
export class BulgePreview {
  readonly element: HTMLElement;
  private readonly slider: HTMLInputElement;
  private readonly flexSignal = new Signal<number>();
  /** The definition shown (the stand-in only keeps it). */
  definition: BulgeDefinition | undefined;

  constructor() {
    this.slider = h("input", {
      type: "range",
      min: "0",
      max: "150",
      step: "1",
      value: "0",
      className: "flex-slider",
      oninput: () => this.flexSignal.dispatch(Number(this.slider.value)),
    });
    this.element = h("div", { className: "bulge-preview" }, this.slider);
  }

  /** Loads the rig and mesh (the stand-in reads nothing). */
  async load(_project: { rigPath: string; meshPath: string }): Promise<void> {}

  /** Shows `def` on the elbow's bulge. */
  setDefinition(def: BulgeDefinition | undefined): void {
    this.definition = def;
    this.element.dataset.code = def ? String(def.code) : "";
  }

  /** Poses the elbow at `degrees`. */
  setFlex(degrees: number): void {
    this.slider.value = String(degrees);
  }

  /** Hears the user move the slider; the returned function stops that. */
  readonly flexChanged = (listener: (deg: number) => void): (() => void) =>
    this.flexSignal.add(listener);

  /** Frees what it holds. */
  dispose(): void {
    this.flexSignal.clear();
    this.definition = undefined;
  }
}
