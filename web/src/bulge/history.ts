/**
 * Undo and redo of edits, the three.js editor's way: every edit is a command
 * object with `execute` and `undo`; the history keeps two stacks. Commands
 * here store copies of what they replace, so undoing never depends on objects
 * that later edits changed.
 */
import type { BulgeDefinition } from "../../../src/bulge/index.js";
import { copyDefinition } from "../../../src/bulge/index.js";
import { Signal } from "../shell/signal.js";

/** One undoable edit. */
export interface Command {
  execute(): void;
  undo(): void;
}

/** The two stacks and a signal when either changes. */
export class History {
  private readonly done: Command[] = [];
  private readonly undone: Command[] = [];
  /** Something was done, undone or redone. */
  readonly changed = new Signal<void>();

  /** Runs `cmd` and makes it the next to undo (the redo stack is dropped). */
  execute(cmd: Command): void {
    cmd.execute();
    this.done.push(cmd);
    this.undone.length = 0;
    this.changed.dispatch();
  }

  /** Undoes the last command; false when there is none. */
  undo(): boolean {
    const cmd = this.done.pop();
    if (!cmd) return false;
    cmd.undo();
    this.undone.push(cmd);
    this.changed.dispatch();
    return true;
  }

  /** Redoes the last undone command; false when there is none. */
  redo(): boolean {
    const cmd = this.undone.pop();
    if (!cmd) return false;
    cmd.execute();
    this.done.push(cmd);
    this.changed.dispatch();
    return true;
  }

  /** Whether there is something to undo. */
  get canUndo(): boolean {
    return this.done.length > 0;
  }

  /** Whether there is something to redo. */
  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** Forgets everything (a new catalogue was loaded). */
  clear(): void {
    this.done.length = 0;
    this.undone.length = 0;
    this.changed.dispatch();
  }
}

/** What the commands edit: the list of definitions and a way to say it changed. */
export interface DefinitionList {
  readonly bulges: BulgeDefinition[];
  /** Called after a command changed the list; `index` is the definition to select (−1: none). */
  edited(index: number, listChanged: boolean): void;
}

/** Replaces definition `index` (a drag, a new keypoint or section, a rename, a recode). */
export class ReplaceDefinition implements Command {
  private readonly before: BulgeDefinition;
  private readonly after: BulgeDefinition;

  constructor(
    private readonly list: DefinitionList,
    private readonly index: number,
    before: BulgeDefinition,
    after: BulgeDefinition,
    private readonly listChanged = false,
  ) {
    this.before = copyDefinition(before);
    this.after = copyDefinition(after);
  }

  execute(): void {
    this.list.bulges[this.index] = copyDefinition(this.after);
    this.list.edited(this.index, this.listChanged);
  }

  undo(): void {
    this.list.bulges[this.index] = copyDefinition(this.before);
    this.list.edited(this.index, this.listChanged);
  }
}

/** Adds a definition at `index`. */
export class AddDefinition implements Command {
  private readonly def: BulgeDefinition;

  constructor(
    private readonly list: DefinitionList,
    private readonly index: number,
    def: BulgeDefinition,
  ) {
    this.def = copyDefinition(def);
  }

  execute(): void {
    this.list.bulges.splice(this.index, 0, copyDefinition(this.def));
    this.list.edited(this.index, true);
  }

  undo(): void {
    this.list.bulges.splice(this.index, 1);
    this.list.edited(Math.min(this.index, this.list.bulges.length - 1), true);
  }
}

/** Removes definition `index`. */
export class RemoveDefinition implements Command {
  private readonly def: BulgeDefinition;

  constructor(
    private readonly list: DefinitionList,
    private readonly index: number,
  ) {
    this.def = copyDefinition(list.bulges[index]!);
  }

  execute(): void {
    this.list.bulges.splice(this.index, 1);
    this.list.edited(Math.min(this.index, this.list.bulges.length - 1), true);
  }

  undo(): void {
    this.list.bulges.splice(this.index, 0, copyDefinition(this.def));
    this.list.edited(this.index, true);
  }
}
