/**
 * Moving control points of key frames: each move rewrites only that point's
 * two numbers in the scene text (every other byte stays), writes the file
 * atomically through the server, and plays the edited scene. Moves are
 * undone and redone the same way (each one saved), so the file always holds
 * what is shown. A file changed on disk since it was read is not replaced
 * without asking.
 */
import { decodeText } from "../../../src/core/bytes.js";
import type { RgbaImage } from "../../../src/live/index.js";
import { readProjectFile, writeProjectFile } from "../api.js";
import { t } from "../i18n.js";
import { Signal } from "../shell/signal.js";
import { updatePoint } from "./backend.js";
import { sceneFromText } from "./loader.js";
import type { LiveSession } from "./session.js";

/** One move of a control point. */
export interface PointEdit {
  readonly frame: string;
  readonly point: string;
  readonly before: { readonly x: number; readonly y: number };
  readonly after: { readonly x: number; readonly y: number };
}

/** See the module comment. */
export class PointEditor {
  private readonly done: PointEdit[] = [];
  private readonly undone: PointEdit[] = [];
  private busy = false;
  /** Undo/redo availability changed. */
  readonly changed = new Signal<void>();

  constructor(
    private readonly session: LiveSession,
    /** Decoded pictures by project path (edits reuse them). */
    private readonly cache: Map<string, RgbaImage>,
    /** Says what happened (status line). */
    private readonly say: (message: string) => void,
    /** After the file was written (the file list refreshes its check). */
    private readonly saved: () => void,
  ) {}

  get canUndo(): boolean {
    return this.done.length > 0 && !this.busy;
  }

  get canRedo(): boolean {
    return this.undone.length > 0 && !this.busy;
  }

  /** Moves `point` of `frame` to (x, y), saves, plays the edited scene; false when nothing was saved. */
  async move(frame: string, point: string, x: number, y: number): Promise<boolean> {
    const p = this.session.frame(frame)?.points.get(point);
    if (!p || (p.x === x && p.y === y)) return false;
    const edit: PointEdit = { frame, point, before: { x: p.x, y: p.y }, after: { x, y } };
    if (!(await this.apply(edit.frame, edit.point, edit.after))) return false;
    this.done.push(edit);
    this.undone.length = 0;
    this.changed.dispatch();
    return true;
  }

  /** Undoes the last move (saved). */
  async undo(): Promise<boolean> {
    const e = this.done.at(-1);
    if (!e || this.busy || !(await this.apply(e.frame, e.point, e.before))) return false;
    this.undone.push(this.done.pop()!);
    this.changed.dispatch();
    return true;
  }

  /** Redoes the last undone move (saved). */
  async redo(): Promise<boolean> {
    const e = this.undone.at(-1);
    if (!e || this.busy || !(await this.apply(e.frame, e.point, e.after))) return false;
    this.done.push(this.undone.pop()!);
    this.changed.dispatch();
    return true;
  }

  private async apply(
    frame: string,
    point: string,
    to: { readonly x: number; readonly y: number },
  ): Promise<boolean> {
    const s = this.session;
    const { path, text } = s.loaded;
    this.busy = true;
    this.changed.dispatch();
    try {
      const onDisk = await readProjectFile(path);
      if (onDisk.status === "ok" && decodeText(onDisk.bytes) !== text) {
        if (!window.confirm(t("live.changedOnDisk", { file: path }))) {
          await this.play(path, decodeText(onDisk.bytes), frame);
          this.done.length = 0;
          this.undone.length = 0;
          this.say(t("live.reloaded", { file: path }));
          return false;
        }
      }
      const next = updatePoint(text, frame, point, to.x, to.y);
      await writeProjectFile(path, new TextEncoder().encode(next), true);
      this.saved();
      await this.play(path, next, frame);
      this.say(t("live.moved", { point, frame, x: to.x, y: to.y, file: path }));
      return true;
    } catch (e) {
      this.say(t("live.saveFailed", { error: (e as Error).message }));
      s.shown.dispatch();
      return false;
    } finally {
      this.busy = false;
      this.changed.dispatch();
    }
  }

  /** Plays `text` as the scene and shows `frame` for more editing. */
  private async play(path: string, text: string, frame: string): Promise<void> {
    const r = await sceneFromText(path, text, this.cache);
    if (!r.ok) throw new Error(r.message);
    this.session.replace(r.loaded);
    this.session.pick(frame);
  }

  dispose(): void {
    this.changed.clear();
  }
}
