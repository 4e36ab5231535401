/** Diagnostic messages in the studio's language: the registry's template per code, filled from the diagnostic's arguments. */

import { type TranslatedMessage, translateDiagnostic } from "../../../src/core/formats/text.js";
import type { MessageArgs } from "../../../src/core/message.js";
import type { Language } from "../i18n.js";
import { formatText } from "./formats.js";

/** What a translation needs of a diagnostic. */
export interface Translatable {
  readonly code: string;
  readonly message: string;
  readonly args?: MessageArgs | undefined;
}

/** A diagnostic's message in `lang`, and whether it says all the English does (else show the English beside it). */
export function diagnosticText(d: Translatable, lang: Language): TranslatedMessage {
  return translateDiagnostic(formatText(), d, lang);
}

/** The message of a diagnostic in `lang` (its English message when no template fits). */
export function diagnosticMessage(d: Translatable, lang: Language): string {
  return diagnosticText(d, lang).text;
}
