/** Diagnostic messages in the studio's language: the catalogue's template per code, else the reader's English. */
import type { Language } from "../i18n.js";
import { DIAGNOSTICS_RU } from "./diagnostics-ru.js";

/** Templates per language, keyed by diagnostic code; English uses the readers' own messages. */
const TEMPLATES: Readonly<Record<Language, Readonly<Record<string, string>> | null>> = {
  en: null,
  ru: DIAGNOSTICS_RU,
};

/** The message of a diagnostic in `lang` (its English message when no template exists). */
export function diagnosticMessage(
  d: { readonly code: string; readonly message: string },
  lang: Language,
): string {
  return TEMPLATES[lang]?.[d.code] ?? d.message;
}
