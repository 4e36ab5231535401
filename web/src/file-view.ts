/**
 * One project file checked by the same readers as the CLI: its summary
 * (`amx show`, `cad show`, `agr info`, `amb info`) and its diagnostics with
 * line and column. Formats are recognised by name (`.amx`, `.agr`, `.amb`,
 * `CAD_Matrixes.dat`); `.agr` and `.amb` by content too (text or binary).
 */

import { decodeText } from "../../src/core/bytes.js";
import { type Diagnostic, locate } from "../../src/core/diagnostics.js";
import { agrInfo, readAgr } from "../../src/mixed/agr/index.js";
import { ambInfo, readAmb } from "../../src/mixed/amb/index.js";
import { readAmx } from "../../src/mixed/amx/index.js";
import { readCad } from "../../src/mixed/cad/index.js";
import { CAD_FILE_NAME } from "../../src/mixed/load.js";
import { readProjectFile } from "./api.js";
import { h } from "./dom.js";
import { t, tr } from "./i18n.js";
import { formatRoute } from "./route.js";

/** Whether the file view knows `path`'s format. */
export function checkable(path: string): boolean {
  const name = path.replace(/.*\//, "");
  return /\.(amx|agr|amb)$/i.test(name) || name === CAD_FILE_NAME;
}

/** The file view's element. */
export class FileView {
  readonly element = h("section", { className: "workspace file-view" });

  /** Reads, checks and shows `path`. */
  async show(path: string): Promise<void> {
    this.element.replaceChildren(h("h2", {}, path));
    const input = await readProjectFile(path);
    if (input.status !== "ok") {
      this.element.append(
        h(
          "p",
          { className: "error" },
          input.status === "missing" ? `${path}: not found` : `${path}: ${input.reason}`,
        ),
      );
      return;
    }
    const name = path.replace(/.*\//, "").toLowerCase();
    let summary: unknown;
    let diagnostics: readonly Diagnostic[];
    let text: string | undefined;
    if (name.endsWith(".amx")) {
      text = decodeText(input.bytes);
      const r = readAmx(text);
      summary = r.model;
      diagnostics = r.diagnostics;
    } else if (name === CAD_FILE_NAME.toLowerCase()) {
      text = decodeText(input.bytes);
      const r = readCad(text);
      summary = r.model;
      diagnostics = r.diagnostics;
    } else if (name.endsWith(".agr")) {
      const r = readAgr(input.bytes);
      summary = r.model && agrInfo(r.model);
      diagnostics = r.diagnostics;
      text = r.text;
    } else if (name.endsWith(".amb")) {
      const r = readAmb(input.bytes);
      summary = r.model && ambInfo(r.model);
      diagnostics = r.diagnostics;
      text = r.text;
    } else {
      this.element.append(tr("p", "file.unknown"));
      return;
    }
    const located = locate(diagnostics, text === undefined ? { file: path } : { file: path, text });
    const errors = located.filter((d) => d.severity === "error").length;
    this.element.dataset.state = errors > 0 ? "invalid" : "valid";
    this.element.append(
      h(
        "p",
        { className: errors > 0 ? "verdict invalid" : "verdict valid" },
        t(errors > 0 ? "file.invalid" : "file.valid", {
          errors,
          warnings: located.length - errors,
        }),
      ),
    );
    if (located.length > 0) {
      const list = h("ul", { className: "problems-list" });
      for (const d of located) {
        list.append(
          h(
            "li",
            { className: d.severity },
            h("code", {}, `${d.file}:${d.line}:${d.column}:`),
            ` ${d.severity} ${d.code}: ${d.message}`,
          ),
        );
      }
      this.element.append(list);
    }
    if (name.endsWith(".amx")) {
      this.element.append(
        h(
          "p",
          {},
          h("a", { href: formatRoute({ workspace: "mixed", file: path }) }, t("file.play")),
        ),
      );
    }
    if (summary !== undefined) {
      // Long arrays (frame times) are cut for reading; the CLI's --json gives them whole.
      const json = readableJson(summary);
      this.element.append(tr("h3", "file.summary"), h("pre", { className: "summary" }, json));
    }
  }
}

/**
 * Indented JSON with arrays of numbers on one line (a matrix, frame times),
 * cut after 24 entries with a count of the rest.
 */
function readableJson(value: unknown): string {
  const inline: string[] = [];
  const text = JSON.stringify(
    value,
    (_, v) => {
      if (!Array.isArray(v) || !v.every((x) => typeof x === "number")) return v;
      const shown = v.slice(0, 24).join(", ");
      inline.push(`[${shown}${v.length > 24 ? `, … ${v.length - 24} more` : ""}]`);
      return `\u0000${inline.length - 1}`;
    },
    2,
  );
  return text.replace(/"\\u0000(\d+)"/g, (_, i: string) => inline[Number(i)]!);
}
