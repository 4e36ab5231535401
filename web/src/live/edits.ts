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
import { type Command, History } from "../shell/history.js";
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

/** One move as a command of the shell's history: done and undone by saving the file. */
class MovePoint implements Command {
  constructor(
    private readonly editor: PointEditor,
    private readonly edit: PointEdit,
  ) {}

  execute(): Promise<boolean> {
    return this.editor.apply(this.edit.frame, this.edit.point, this.edit.after);
  }

  undo(): Promise<boolean> {
    return this.editor.apply(this.edit.frame, this.edit.point, this.edit.before);
  }
}

/** See the module comment. */
export class PointEditor {
  /** The moves, in the shell's one history (busy while a move is being saved). */
  private readonly history = new History();
  /** Undo/redo availability changed. */
  readonly changed = this.history.changed;

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
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  /** Moves `point` of `frame` to (x, y), saves, plays the edited scene; false when nothing was saved. */
  async move(frame: string, point: string, x: number, y: number): Promise<boolean> {
    const p = this.session.frame(frame)?.points.get(point);
    if (!p || (p.x === x && p.y === y)) return false;
    const edit: PointEdit = { frame, point, before: { x: p.x, y: p.y }, after: { x, y } };
    // A move made while another is being saved is saved after it, never dropped.
    while (this.history.busy) await this.history.idle();
    return this.history.execute(new MovePoint(this, edit));
  }

  /** Undoes the last move (saved). */
  undo(): Promise<boolean> {
    return this.history.undo();
  }

  /** Redoes the last undone move (saved). */
  redo(): Promise<boolean> {
    return this.history.redo();
  }

  /** Writes the point's new place into the scene file and plays it; false when nothing was saved. */
  async apply(
    frame: string,
    point: string,
    to: { readonly x: number; readonly y: number },
  ): Promise<boolean> {
    const s = this.session;
    const { path, text } = s.loaded;
    try {
      const onDisk = await readProjectFile(path);
      if (onDisk.status === "ok" && decodeText(onDisk.bytes) !== text) {
        if (!window.confirm(t("live.changedOnDisk", { file: path }))) {
          await this.play(path, decodeText(onDisk.bytes), frame);
          this.history.clear();
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
