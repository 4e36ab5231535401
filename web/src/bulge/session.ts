/**
 * The state of the Bulges workspace — the one object its panels share (the
 * three.js editor's `Editor`): the catalogue being edited, the file it came
 * from and its error log, the selected definition and section, the rigs of
 * the project, and the undo history of edit commands. Panels change it
 * through its methods and hear of changes through its signals; they never
 * call each other. No DOM here, so it is unit-tested in Node.
 */
import {
  type BulgeDefinition,
  CATALOGUE_PATH,
  copyDefinition,
  type ErrlogEntry,
  freeCode,
  nameProblem,
  type Rig,
  type RigReference,
  readBulgeTypes,
  rigsUsingCode,
  sameDefinition,
  writeBulgeTypes,
  writtenLines,
} from "../../../src/bulge/index.js";
import { baseName, siblingPath } from "../../../src/core/path.js";
import type { MessageKey } from "../i18n.js";
import { type Command, History } from "../shell/history.js";
import { Signal } from "../shell/signal.js";
import {
  AddDefinition,
  type DefinitionList,
  RemoveDefinition,
  ReplaceDefinition,
} from "./commands.js";
import { canRemoveKeypoint, midKeypoint, uRange, xRange, Y_RANGE } from "./limits.js";

/** A translated refusal: the key and its placeholders. */
export interface Refusal {
  readonly key: MessageKey;
  readonly vars?: Record<string, string | number>;
}

/** A rig file of the project and what it says. */
export interface ProjectRig {
  readonly path: string;
  readonly rig: Rig;
}

/**
 * The project path of a rig's mesh: its `mesh` (relative to the rig file),
 * else the rig's own name with `.obj` for `.rig.json`, next to it.
 */
export function meshPathOf(r: ProjectRig): string {
  return siblingPath(r.path, r.rig.mesh ?? baseName(r.path).replace(/\.rig\.json$/i, ".obj"));
}

/** One open catalogue and its signals. */
export class BulgeSession implements DefinitionList {
  /** The lister's definitions, edited in place by commands. */
  bulges: BulgeDefinition[] = [];
  /** The error log of the file as read (omitted and recoded definitions). */
  errlog: ErrlogEntry[] = [];
  /** The file's text as read or last saved (the source pane shows it). */
  text = "";
  /** Index of the selected definition, −1 when none. */
  selected = -1;
  /** Index of the selected section (tab) of the selected definition. */
  section = 0;
  /** The project's rigs (for "which rigs change"). */
  rigs: ProjectRig[] = [];
  readonly history = new History();
  private saved: BulgeDefinition[] = [];
  readonly signals = {
    /** Definitions were added, removed, renamed or recoded, or a file was loaded. */
    list: new Signal<void>(),
    /** Another definition or section was selected. */
    selection: new Signal<void>(),
    /** The selected definition's shape changed (also during a drag). */
    definition: new Signal<void>(),
    /** Undo/redo availability or the unsaved state changed. */
    state: new Signal<void>(),
    /** A line of the file should be shown (1-based). */
    showLine: new Signal<number>(),
  };

  constructor(
    /** Project-relative path of the catalogue. */
    readonly path: string = CATALOGUE_PATH,
  ) {
    this.history.changed.add(() => this.signals.state.dispatch());
  }

  /** Reads `text` as the catalogue: definitions, error log; history cleared; selects the first. */
  load(text: string): void {
    const r = readBulgeTypes(text);
    this.text = text;
    this.bulges = r.model.bulges;
    this.errlog = r.model.errlog;
    this.saved = this.bulges.map(copyDefinition);
    this.selected = this.bulges.length > 0 ? 0 : -1;
    this.section = 0;
    this.history.clear();
    this.signals.list.dispatch();
    this.signals.selection.dispatch();
  }

  /** The selected definition, if any. */
  get current(): BulgeDefinition | undefined {
    return this.bulges[this.selected];
  }

  /** Selects definition `index` (and its first section). */
  select(index: number): void {
    if (index === this.selected || index < -1 || index >= this.bulges.length) return;
    this.selected = index;
    this.section = 0;
    this.signals.selection.dispatch();
  }

  /** Selects the definition with `code`; false when there is none. */
  selectCode(code: number): boolean {
    const i = this.bulges.findIndex((d) => d.code === code);
    if (i >= 0) this.select(i);
    return i >= 0;
  }

  /** Selects section tab `index` of the selected definition. */
  selectSection(index: number): void {
    const d = this.current;
    if (!d || index === this.section || index < 0 || index >= d.sections.length) return;
    this.section = index;
    this.signals.selection.dispatch();
  }

  /** DefinitionList: a command changed the list; select `index` and tell the panels. */
  edited(index: number, listChanged: boolean): void {
    const moved = index !== this.selected;
    this.selected = index;
    const d = this.current;
    if (d && this.section >= d.sections.length) this.section = d.sections.length - 1;
    if (!d) this.section = 0;
    if (listChanged) this.signals.list.dispatch();
    if (moved || listChanged) this.signals.selection.dispatch();
    this.signals.definition.dispatch();
  }

  /** Runs an edit command through the history (the commands here are synchronous: done on return). */
  execute(cmd: Command): void {
    void this.history.execute(cmd);
  }

  /** Shows `def` as the selected definition without recording it (a drag in progress). */
  setLive(def: BulgeDefinition): void {
    if (this.selected < 0) return;
    this.bulges[this.selected] = def;
    this.signals.definition.dispatch();
  }

  /** Records the edit from `before` to the selected definition's present shape (the end of a drag). */
  commit(
    before: BulgeDefinition,
    after: BulgeDefinition = this.current!,
    listChanged = false,
  ): void {
    if (this.selected < 0 || sameDefinition(before, after)) {
      if (this.selected >= 0) this.setLive(copyDefinition(before));
      return;
    }
    this.execute(new ReplaceDefinition(this, this.selected, before, after, listChanged));
  }

  /** True while a drag is under way: undo and redo wait for its end (it is one step). */
  dragging = false;

  /** Undoes the last edit (not during a drag). */
  undo(): boolean {
    if (this.dragging || !this.history.canUndo) return false;
    void this.history.undo();
    return true;
  }

  /** Redoes the last undone edit (not during a drag). */
  redo(): boolean {
    if (this.dragging || !this.history.canRedo) return false;
    void this.history.redo();
    return true;
  }

  /** Applies `change` to a copy of the selected definition and records it. */
  private edit(change: (d: BulgeDefinition) => void, listChanged = false): void {
    const before = this.current;
    if (!before) return;
    const after = copyDefinition(before);
    change(after);
    this.commit(before, after, listChanged);
  }

  /** Renames the selected definition; a refusal when the name is not allowed or taken. */
  rename(name: string): Refusal | undefined {
    const d = this.current;
    if (!d || name === d.name) return undefined;
    const problem = nameProblem(name);
    if (problem) return { key: "bulge.badName", vars: { problem } };
    if (this.bulges.some((b) => b !== d && b.name === name))
      return { key: "bulge.nameTaken", vars: { name } };
    this.edit((x) => {
      x.name = name;
    }, true);
    return undefined;
  }

  /** Gives the selected definition a new code; a refusal when it is not an integer ≥ 0 or taken. */
  recode(code: number): Refusal | undefined {
    const d = this.current;
    if (!d || code === d.code) return undefined;
    if (!Number.isSafeInteger(code) || code < 0) return { key: "bulge.badCode" };
    const other = this.bulges.find((b) => b !== d && b.code === code);
    if (other) return { key: "bulge.codeTaken", vars: { code, name: other.name } };
    this.edit((x) => {
      x.code = code;
    }, true);
    return undefined;
  }

  /** Inserts a keypoint after keypoint `i` of the selected section; false when there is no room. */
  addKeypoint(i: number): boolean {
    const k = this.current?.sections[this.section]?.keypoints;
    const mid = k && midKeypoint(k, i);
    if (!mid) return false;
    this.edit((x) => x.sections[this.section]!.keypoints.splice(i + 1, 0, mid));
    return true;
  }

  /**
   * Sets value `v` (0 u, 1 x, 2 y) of keypoint `i` of the selected section to
   * a typed number; a refusal (naming the allowed range) when it is not a
   * number or breaks a rule (u and x increasing, the ends' u fixed, y in range).
   */
  setKeypoint(i: number, v: 0 | 1 | 2, value: number): Refusal | undefined {
    const k = this.current?.sections[this.section]?.keypoints;
    const kp = k?.[i];
    if (!k || !kp || kp[v] === value) return undefined;
    const range = v === 0 ? uRange(k, i) : v === 1 ? xRange(k, i) : Y_RANGE;
    const what = (["u", "x", "y"] as const)[v];
    if (!Number.isFinite(value) || value < range.min || value > range.max)
      return { key: "bulge.keypointRange", vars: { what, min: range.min, max: range.max } };
    this.edit((x) => {
      x.sections[this.section]!.keypoints[i]![v] = value;
    });
    return undefined;
  }

  /** Removes keypoint `i` of the selected section (never the first or last). */
  removeKeypoint(i: number): boolean {
    const k = this.current?.sections[this.section]?.keypoints;
    if (!k || !canRemoveKeypoint(k, i)) return false;
    this.edit((x) => x.sections[this.section]!.keypoints.splice(i, 1));
    return true;
  }

  /** Adds a section at `angle` (a copy of the selected one's profile, sorted by angle) and selects it. */
  addSection(angle: number): Refusal | undefined {
    const d = this.current;
    if (!d) return undefined;
    if (!Number.isInteger(angle) || angle < 0 || angle > 360) return { key: "bulge.badAngle" };
    if (d.sections.some((s) => s.angle % 360 === angle % 360))
      return { key: "bulge.angleTaken", vars: { angle } };
    const from = d.sections[this.section] ?? d.sections[0];
    const keypoints = from
      ? from.keypoints.map((k): [number, number, number] => [k[0], k[1], k[2]])
      : ([
          [0, 0, 0],
          [1, 1, 0],
        ] as [number, number, number][]);
    let at = d.sections.findIndex((s) => s.angle > angle);
    if (at < 0) at = d.sections.length;
    this.edit((x) => x.sections.splice(at, 0, { angle, keypoints }));
    this.selectSectionAfterEdit(at);
    return undefined;
  }

  /** Removes the selected section; a definition keeps at least one. */
  removeSection(): boolean {
    const d = this.current;
    if (!d || d.sections.length < 2) return false;
    const at = this.section;
    this.edit((x) => x.sections.splice(at, 1));
    this.selectSectionAfterEdit(Math.min(at, d.sections.length - 2));
    return true;
  }

  private selectSectionAfterEdit(index: number): void {
    this.section = index;
    this.signals.selection.dispatch();
  }

  /** Adds a new definition (a flat profile, the first free code, a unique name) after the selected one. */
  addDefinition(baseName: string): void {
    const code = freeCode({ bulges: this.bulges, errlog: [] });
    let name = baseName;
    for (let n = 2; this.bulges.some((b) => b.name === name); n++) name = `${baseName} ${n}`;
    const def: BulgeDefinition = {
      name,
      code,
      line: 0,
      sections: [
        {
          angle: 0,
          keypoints: [
            [0, 0, 0],
            [0.5, 0.5, 0.1],
            [1, 1, 0],
          ],
        },
      ],
    };
    this.execute(new AddDefinition(this, this.selected + 1, def));
  }

  /** Removes the selected definition (the caller has asked the user). */
  removeDefinition(): void {
    if (this.selected < 0) return;
    this.execute(new RemoveDefinition(this, this.selected));
  }

  /** The rigs whose joints reference `code`. */
  rigsUsing(code: number): RigReference[] {
    return rigsUsingCode(this.rigs, code);
  }

  /** Codes whose definition differs from the file's (changed, added or removed). */
  changedCodes(): number[] {
    const out = new Set<number>();
    for (const s of this.saved) {
      const now = this.bulges.find((b) => b.code === s.code);
      if (!now || !sameDefinition({ ...now, line: 0 }, { ...s, line: 0 })) out.add(s.code);
    }
    for (const b of this.bulges) if (!this.saved.some((s) => s.code === b.code)) out.add(b.code);
    return [...out].sort((a, b) => a - b);
  }

  /** Whether the catalogue differs from the file. */
  get unsaved(): boolean {
    return (
      this.saved.length !== this.bulges.length ||
      this.bulges.some((b, i) => !sameDefinition(b, this.saved[i]!))
    );
  }

  /** Definitions the file holds that the lister left out (saving drops them). */
  get omitted(): number {
    return this.errlog.filter((e) => e.kind === "omitted").length;
  }

  /** The text a save writes (the canonical layout). */
  serialize(): string {
    return writeBulgeTypes({ bulges: this.bulges });
  }

  /** After a save of `text`: it is the file now; lines renumbered, error log empty. */
  markSaved(text: string): void {
    this.text = text;
    const lines = writtenLines({ bulges: this.bulges });
    this.bulges.forEach((b, i) => {
      b.line = lines[i]!;
    });
    this.errlog = [];
    this.saved = this.bulges.map(copyDefinition);
    this.signals.list.dispatch();
    this.signals.state.dispatch();
  }

  /** Drops listeners. */
  dispose(): void {
    for (const s of Object.values(this.signals)) s.clear();
    this.history.changed.clear();
  }
}
