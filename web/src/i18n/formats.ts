/**
 * Format names and diagnostic messages in the studio's language come from
 * the format registry (each descriptor's `labels` and `messages`); the
 * composition root names the registry with {@link useFormatText}, so the
 * shell lists no format and no code.
 */
import { type FormatList, formatLabelIn } from "../../../src/core/formats/text.js";
import type { Language } from "../i18n.js";

let registry: FormatList = { formats: [] };

/** Reads format text from `list` from now on (the studio passes its format registry). */
export function useFormatText(list: FormatList): void {
  registry = list;
}

/** The registry format text is read from. */
export function formatText(): FormatList {
  return registry;
}

/** The name of format `f` in `lang` (the registry's label when there is no translation, e.g. a new format). */
export function formatLabel(
  f: { readonly id: string; readonly label: string },
  lang: Language,
): string {
  const known = registry.formats.find((x) => x.id === f.id);
  return known ? formatLabelIn(known, lang) : f.label;
}
