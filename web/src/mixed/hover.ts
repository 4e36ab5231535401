/** The body tooltip: the name of the body under the pointer, next to the cursor. */
import { h } from "../dom.js";
import type { MixedSession } from "./session.js";

/** Follows the pointer over the canvas (one pick per animation frame at most). */
export class HoverTooltip {
  readonly element = h("div", { className: "hover-tip", role: "tooltip", hidden: true });
  private pending = 0;
  private last: PointerEvent | null = null;
  private readonly canvas: HTMLCanvasElement;
  private readonly move = (e: PointerEvent) => {
    this.last = e;
    if (e.buttons !== 0) {
      this.element.hidden = true;
      return;
    }
    if (!this.pending) this.pending = requestAnimationFrame(() => this.update());
  };
  private readonly leave = () => {
    this.last = null;
    this.element.hidden = true;
  };

  constructor(private readonly session: MixedSession) {
    this.canvas = session.viewer.renderer.domElement;
    this.canvas.addEventListener("pointermove", this.move);
    this.canvas.addEventListener("pointerleave", this.leave);
  }

  /** Stops following the pointer. */
  dispose(): void {
    cancelAnimationFrame(this.pending);
    this.canvas.removeEventListener("pointermove", this.move);
    this.canvas.removeEventListener("pointerleave", this.leave);
    this.element.remove();
  }

  private update(): void {
    this.pending = 0;
    const e = this.last;
    if (!e) return;
    const s = this.session;
    const index = s.viewer.bodyAt(e.clientX, e.clientY, s.states);
    const body = index === null ? undefined : s.scene.bodies[index];
    if (!body) {
      this.element.hidden = true;
      return;
    }
    const host = this.element.offsetParent ?? this.canvas;
    const rect = host.getBoundingClientRect();
    this.element.textContent = `${body.number} ${body.name}`;
    this.element.dataset.body = String(body.number);
    this.element.hidden = false;
    // Beside the cursor, kept inside the view.
    const x = Math.min(e.clientX - rect.left + 14, rect.width - this.element.offsetWidth - 4);
    const y = Math.min(e.clientY - rect.top + 16, rect.height - this.element.offsetHeight - 4);
    this.element.style.left = `${Math.max(4, x)}px`;
    this.element.style.top = `${Math.max(4, y)}px`;
  }
}
