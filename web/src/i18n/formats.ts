/** Format names in the studio's language: the registry's English label, or its translation by format id. */
import type { Language } from "../i18n.js";

/** Russian names of the registry's formats, keyed by format id. */
export const FORMAT_LABELS_RU: Readonly<Record<string, string>> = {
  amx: "смешанная анимация",
  "cad-matrixes": "матрицы CAD",
  amb: "MBS-анимация",
  agr: "анимация сетки",
  vtu: "неструктурированная сетка VTK",
  vtp: "полигональные данные VTK",
  "vtk-legacy": "данные VTK (устаревший формат)",
  pvtu: "параллельная неструктурированная сетка VTK",
  pvtp: "параллельные полигональные данные VTK",
  vtm: "составной набор данных VTK",
  pvd: "коллекция данных ParaView",
  "vtk-series": "серия файлов ParaView",
  "bulge-types": "определения выпуклостей",
  rig: "скелет",
  obj: "сетка Wavefront OBJ",
  "live-scene": "живая сцена",
  "live-events": "события живой модели",
  png: "рисунок PNG",
};

const LABELS: Readonly<Record<Language, Readonly<Record<string, string>> | null>> = {
  en: null,
  ru: FORMAT_LABELS_RU,
};

/** The name of format `f` in `lang` (the registry's label when there is no translation, e.g. a new format). */
export function formatLabel(
  f: { readonly id: string; readonly label: string },
  lang: Language,
): string {
  return LABELS[lang]?.[f.id] ?? f.label;
}
