/**
 * The workspace's toolbar: undo, redo (also Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y),
 * save, and a status line. Saving writes the canonical text through the file
 * API (atomic on the server), only when something was edited, after saying
 * which rigs change and that omitted definitions of the file are dropped.
 */

import type { RigReference } from "../../../src/bulge/index.js";
import { decodeText } from "../../../src/core/bytes.js";
import { readProjectFile, writeProjectFile } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { toolButton } from "../shell/tool-button.js";
import { rigList } from "./lister.js";
import type { BulgeSession } from "./session.js";

/** The toolbar panel. */
export class BulgeToolbar {
  readonly element = h("div", { className: "toolbar bulge-toolbar" });
  private readonly status = h("span", { className: "status", role: "status" });
  private readonly undoButton: HTMLButtonElement;
  private readonly redoButton: HTMLButtonElement;
  private readonly saveButton: HTMLButtonElement;
  private message = "";
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly session: BulgeSession,
    wide: boolean,
  ) {
    this.undoButton = toolButton("undo", "undo", "bulge.undo", () => session.undo(), wide);
    this.redoButton = toolButton("redo", "redo", "bulge.redo", () => session.redo(), wide);
    this.saveButton = toolButton("save", "save", "bulge.save", () => void this.save(), wide);
    this.element.append(this.undoButton, this.redoButton, this.saveButton, this.status);
    this.off.push(
      session.signals.state.add(() => {
        if (session.unsaved) this.message = "";
        this.render();
      }),
      session.signals.definition.add(() => this.render()),
    );
    this.render();
  }

  /** Adds `button` after the toolbar's own (before the status line). */
  addTool(button: HTMLElement): void {
    this.status.before(button);
  }

  /** Shows a message in the status line until the next edit. */
  say(message: string): void {
    this.message = message;
    this.render();
  }

  /** Updates buttons and status. */
  render(): void {
    const s = this.session;
    this.undoButton.disabled = !s.history.canUndo;
    this.redoButton.disabled = !s.history.canRedo;
    this.saveButton.disabled = !s.unsaved;
    this.element.dataset.unsaved = String(s.unsaved);
    const state = t(s.unsaved ? "bulge.unsaved" : "bulge.clean");
    this.status.textContent = this.message ? `${this.message} · ${state}` : state;
  }

  /** The rigs a save changes: those using a code whose definition changed. */
  private changedRigs(): RigReference[] {
    const s = this.session;
    const byPath = new Map<string, Set<string>>();
    for (const code of s.changedCodes())
      for (const u of s.rigsUsing(code)) {
        const set = byPath.get(u.path) ?? new Set<string>();
        for (const j of u.joints) set.add(j);
        byPath.set(u.path, set);
      }
    return [...byPath].map(([path, joints]) => ({ path, joints: [...joints] }));
  }

  /** Writes the catalogue after the user confirms. */
  async save(): Promise<void> {
    const s = this.session;
    if (!s.unsaved) return;
    const lines = [t("bulge.confirmSave", { file: s.path })];
    const rigs = this.changedRigs();
    if (rigs.length > 0) lines.push(t("bulge.confirmSaveRigs", { rigs: rigList(rigs) }));
    if (s.omitted > 0) lines.push(t("bulge.confirmSaveOmitted", { count: s.omitted }));
    const onDisk = await readProjectFile(s.path);
    if (onDisk.status === "ok" && decodeText(onDisk.bytes) !== s.text)
      lines.push(t("bulge.changedOnDisk"));
    if (!window.confirm(lines.join("\n"))) return;
    const text = s.serialize();
    try {
      await writeProjectFile(s.path, new TextEncoder().encode(text), true);
      s.markSaved(text);
      this.say(t("bulge.saved", { file: s.path }));
      // The sidebar's check result of the catalogue follows the saved file.
      this.element.dispatchEvent(new CustomEvent("files-changed", { bubbles: true }));
    } catch (e) {
      this.say(t("bulge.saveFailed", { error: (e as Error).message }));
    }
  }

  /** Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, Ctrl+S saves; true when the key was used. */
  key(e: KeyboardEvent): boolean {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return false;
    const k = e.key.toLowerCase();
    if (k === "z" && !e.shiftKey) this.session.undo();
    else if ((k === "z" && e.shiftKey) || k === "y") this.session.redo();
    else if (k === "s") void this.save();
    else return false;
    return true;
  }

  /** Stops listening. */
  dispose(): void {
    for (const f of this.off) f();
  }
}
