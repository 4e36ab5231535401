/**
 * The Bulge Definitions lister: the complete definitions (code and name),
 * one selected; below it the selected one's name and code (rename and recode,
 * uniqueness checked), the rigs that use its code, and New / Delete (which
 * asks first and names the rigs that reference the code).
 */
import type { RigReference } from "../../../src/bulge/index.js";
import { h } from "../dom.js";
import { t, tr } from "../i18n.js";
import { toolButton } from "../shell/tool-button.js";
import type { BulgeSession, Refusal } from "./session.js";

/** "arm.rig.json (elbow), …" */
export function rigList(uses: readonly RigReference[]): string {
  return uses.map((u) => `${u.path} (${u.joints.join(", ")})`).join("; ");
}

/** The lister panel. */
export class ListerPanel {
  readonly element = h("section", { className: "panel lister" });
  private readonly list = h("ul", { className: "bulge-list", role: "listbox" });
  private readonly name = h("input", { type: "text", className: "bulge-name", maxLength: 200 });
  private readonly code = h("input", {
    type: "number",
    className: "bulge-code",
    min: "0",
    step: "1",
  });
  private readonly problem = h("p", { className: "refusal", role: "alert" });
  private readonly uses = h("p", { className: "rig-uses" });
  private readonly form = h("div", { className: "bulge-form" });
  private readonly off: (() => void)[] = [];

  /** The field and value a refusal is about: it stays only while the field shows that value. */
  private refused: { field: HTMLInputElement; value: string } | null = null;

  constructor(
    private readonly session: BulgeSession,
    /** Only the list to pick from (`<deforma-bulge>`): no rename, recode, new or delete. */
    private readonly readOnly = false,
  ) {
    const s = session;
    this.name.addEventListener("change", () => this.refuse(this.name, s.rename(this.name.value)));
    this.code.addEventListener("change", () => {
      const raw = this.code.value.trim();
      this.refuse(this.code, s.recode(raw === "" ? Number.NaN : Number(raw)));
    });
    for (const field of [this.name, this.code]) {
      // Typing clears a refusal; Escape puts the definition's value back (and so clears it).
      field.addEventListener("input", () => this.clearStale());
      field.addEventListener("keydown", (e) => {
        if (e.key === "Escape") this.revert(field);
      });
    }
    this.render();
    this.off.push(
      s.signals.list.add(() => this.render()),
      s.signals.selection.add(() => this.render()),
      s.signals.state.add(() => this.render()),
    );
  }

  /** Builds the panel from the session (also after a language switch). */
  render(): void {
    const s = this.session;
    const changed = new Set(s.changedCodes());
    this.list.replaceChildren(
      ...s.bulges.map((d, i) =>
        h(
          "li",
          {},
          h(
            "button",
            {
              className: `bulge-item${i === s.selected ? " selected" : ""}`,
              role: "option",
              ariaSelected: String(i === s.selected),
              dataset: { code: String(d.code) },
              title: d.name,
              onclick: () => s.select(i),
            },
            h("span", { className: "code" }, String(d.code)),
            h("span", { className: "name" }, d.name),
            changed.has(d.code) &&
              h("span", { className: "edited", title: t("bulge.unsaved") }, "•"),
          ),
        ),
      ),
    );
    if (s.bulges.length === 0) this.list.append(h("li", { className: "empty" }, t("bulge.none")));
    const d = s.current;
    this.form.hidden = !d;
    if (d) {
      if (document.activeElement !== this.name) this.name.value = d.name;
      if (document.activeElement !== this.code) this.code.value = String(d.code);
      this.clearStale();
      const uses = s.rigsUsing(d.code);
      this.uses.textContent =
        uses.length > 0
          ? t("bulge.usedBy", { code: d.code, rigs: rigList(uses) })
          : t("bulge.unused", { code: d.code });
      this.uses.classList.toggle("used", uses.length > 0);
    }
    if (this.readOnly) {
      this.element.replaceChildren(tr("h2", "bulge.lister"), this.list);
      return;
    }
    this.form.replaceChildren(
      h("label", {}, h("span", {}, t("bulge.name")), this.name),
      h("label", {}, h("span", {}, t("bulge.code")), this.code),
      this.problem,
      this.uses,
    );
    this.element.replaceChildren(
      tr("h2", "bulge.lister"),
      this.list,
      h(
        "div",
        { className: "row" },
        toolButton("add-bulge", "plus", "bulge.add", () => s.addDefinition(t("bulge.newName"))),
        toolButton("delete-bulge", "trash", "bulge.delete", () => this.remove()),
      ),
      this.form,
    );
  }

  private refuse(field: HTMLInputElement, r: Refusal | undefined): void {
    this.refused = r ? { field, value: field.value } : null;
    this.problem.textContent = r ? t(r.key, r.vars) : "";
    if (r) this.render();
  }

  /** Drops the refusal once its field no longer shows the refused value. */
  private clearStale(): void {
    const r = this.refused;
    if (r && r.field.value === r.value && this.session.current) return;
    this.refused = null;
    this.problem.textContent = "";
  }

  /** Puts the selected definition's value back in `field` (its refusal goes with it). */
  private revert(field: HTMLInputElement): void {
    const d = this.session.current;
    if (!d) return;
    field.value = field === this.name ? d.name : String(d.code);
    this.clearStale();
  }

  /** Asks, naming the rigs that reference the code, then deletes. */
  private remove(): void {
    const s = this.session;
    const d = s.current;
    if (!d) return;
    const uses = s.rigsUsing(d.code);
    let text = t("bulge.confirmDelete", { name: d.name, code: d.code });
    if (uses.length > 0)
      text += `\n${t("bulge.confirmDeleteRigs", { code: d.code, rigs: rigList(uses) })}`;
    if (window.confirm(text)) s.removeDefinition();
  }

  /** Stops listening. */
  dispose(): void {
    for (const f of this.off) f();
  }
}
