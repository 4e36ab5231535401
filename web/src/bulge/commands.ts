/**
 * The Bulges workspace's edits as commands of the shell's History (web/src/shell/history.ts)
 * (`execute` and `undo`). They store copies of what they replace, so undoing
 * never depends on objects that later edits changed.
 */
import type { BulgeDefinition } from "../../../src/bulge/index.js";
import { copyDefinition } from "../../../src/bulge/index.js";
import type { Command } from "../shell/history.js";

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
