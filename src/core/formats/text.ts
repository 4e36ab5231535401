/**
 * Formats' text in the user's language, read from the descriptors: labels
 * (`labels`) and diagnostic messages (`messages`, templates filled from a
 * diagnostic's named arguments), plus the registry's own codes. English is
 * what the descriptors and readers say themselves.
 */

import type { DiagnosticKind } from "../diagnostics.js";
import { fillTemplate, type MessageArgs, placeholders } from "../message.js";
import { FORMAT } from "./codes.js";
import type { AnyFormat } from "./descriptor.js";
import { FORMAT_MESSAGES_RU } from "./i18n-ru.js";

/** Templates by language, by code. */
export type MessageTranslations = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The registry's own codes (`FMT…`) in other languages. */
export const FORMAT_MESSAGES: MessageTranslations = { ru: FORMAT_MESSAGES_RU };

/** What the look-ups need of a registry: its formats (a `FormatRegistry` is one). */
export interface FormatList {
  readonly formats: readonly AnyFormat[];
}

/** The label of a format in `lang` (its English label when it has no translation). */
export function formatLabelIn(f: Pick<AnyFormat, "label" | "labels">, lang: string): string {
  return f.labels?.[lang] ?? f.label;
}

/** The template of `code` in `lang`: the registry's own, else the first format's that has one. */
export function messageTemplate(list: FormatList, code: string, lang: string): string | undefined {
  const own = FORMAT_MESSAGES[lang]?.[code];
  if (own !== undefined) return own;
  for (const f of list.formats) {
    const t = f.messages?.[lang]?.[code];
    if (t !== undefined) return t;
  }
  return undefined;
}

/** The kind of `code` in the registry's own table or a format's tables. */
export function kindOf(list: FormatList, code: string): DiagnosticKind | undefined {
  const tables = [FORMAT, ...list.formats.flatMap((f) => f.codes)];
  for (const t of tables) for (const k of Object.values(t)) if (k.code === code) return k;
  return undefined;
}

/**
 * A diagnostic's message in a language: `complete` when it says all the
 * English says (a filled template, a template of a code whose kind declares
 * its arguments, or the English itself when there is no usable template);
 * otherwise `text` is the code's meaning only and the English belongs beside it.
 */
export interface TranslatedMessage {
  readonly text: string;
  readonly complete: boolean;
}

/** How diagnostic `d` reads in `lang` (see {@link TranslatedMessage}). */
export function translateDiagnostic(
  list: FormatList,
  d: { readonly code: string; readonly message: string; readonly args?: MessageArgs | undefined },
  lang: string,
): TranslatedMessage {
  const template = messageTemplate(list, d.code, lang);
  if (template === undefined) return { text: d.message, complete: true };
  if (placeholders(template).length === 0) {
    return { text: template, complete: kindOf(list, d.code)?.args !== undefined };
  }
  const filled = fillTemplate(template, d.args);
  return filled === undefined
    ? { text: d.message, complete: true }
    : { text: filled, complete: true };
}
