/**
 * Undo and redo, the three.js editor's way: every edit is a command object
 * with `execute` and `undo`, and the history keeps two stacks. Commands may
 * be asynchronous (an edit saved to a file before it counts): while one
 * runs the history is busy — nothing else is done, undone or redone, and
 * `canUndo`/`canRedo` say no. A command that returns `false` did not happen
 * and the stacks stay as they were. A synchronous command is done (stacks
 * and `changed` included) before `execute`, `undo` or `redo` returns, so a
 * caller that does not await sees its effect at once. One history serves
 * every workspace that edits (Bulges, Live).
 */
import { Signal } from "./signal.js";

/** What a command's step returns: `false` when it did not happen. */
// biome-ignore lint/suspicious/noConfusingVoidType: a step that returns nothing happened.
export type StepResult = void | boolean | Promise<void | boolean>;

/** One undoable edit. */
export interface Command {
  /** Does (and redoes) the edit. */
  execute(): StepResult;
  /** Undoes the edit. */
  undo(): StepResult;
}

/** The two stacks, a busy flag while a command runs, and a signal when any of them changes. */
export class History {
  private readonly done: Command[] = [];
  private readonly undone: Command[] = [];
  private running: Promise<boolean> | null = null;
  /** Counts {@link clear}s: a step that finishes after one leaves the (new) stacks alone. */
  private generation = 0;
  /** Something was done, undone or redone, or a command started or finished. */
  readonly changed = new Signal<void>();

  /** Runs `cmd` and makes it the next to undo (the redo stack is dropped); false when it did not happen. */
  execute(cmd: Command): Promise<boolean> {
    return this.step(
      () => cmd.execute(),
      () => {
        this.done.push(cmd);
        this.undone.length = 0;
      },
    );
  }

  /** Undoes the last command; false when there is none, the history is busy or it did not happen. */
  undo(): Promise<boolean> {
    const cmd = this.done.at(-1);
    if (!cmd) return Promise.resolve(false);
    return this.step(
      () => cmd.undo(),
      () => this.undone.push(this.done.pop()!),
    );
  }

  /** Redoes the last undone command; false when there is none, the history is busy or it did not happen. */
  redo(): Promise<boolean> {
    const cmd = this.undone.at(-1);
    if (!cmd) return Promise.resolve(false);
    return this.step(
      () => cmd.execute(),
      () => this.done.push(this.undone.pop()!),
    );
  }

  /** Whether there is something to undo now. */
  get canUndo(): boolean {
    return this.done.length > 0 && this.running === null;
  }

  /** Whether there is something to redo now. */
  get canRedo(): boolean {
    return this.undone.length > 0 && this.running === null;
  }

  /** Whether a command is running. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Resolves once no command runs (at once when none does); an edit that must not be dropped waits for it. */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => false);
  }

  /** Forgets everything (a new file was loaded); a command still running is not recorded. */
  clear(): void {
    this.generation++;
    this.done.length = 0;
    this.undone.length = 0;
    this.changed.dispatch();
  }

  /**
   * Runs `run`; when it happened (and no clear came meanwhile), `record`
   * moves the stacks. Synchronous steps finish before this returns.
   */
  private step(run: () => StepResult, record: () => void): Promise<boolean> {
    if (this.running) return Promise.resolve(false);
    const generation = this.generation;
    const finish = (result: Awaited<StepResult>): boolean => {
      const happened = result !== false && generation === this.generation;
      if (happened) record();
      return happened;
    };
    // Marked busy (a settled stand-in) while `run` itself runs, so a step it starts is refused.
    this.running = Promise.resolve(false);
    let result: StepResult;
    try {
      result = run();
    } catch (e) {
      this.running = null;
      throw e;
    }
    if (!(result instanceof Promise)) {
      this.running = null;
      const happened = finish(result);
      this.changed.dispatch();
      return Promise.resolve(happened);
    }
    const running = result.then(finish).finally(() => {
      this.running = null;
      this.changed.dispatch();
    });
    this.running = running;
    this.changed.dispatch();
    return running;
  }
}
