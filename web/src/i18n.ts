/**
 * The studio's strings, one catalogue per language: the shell's here; each
 * workspace keeps its own next to it (`web/src/<system>/strings.ts`) and adds
 * them with {@link registerStrings}, declaring its keys into {@link Catalogue}
 * so `t` checks them. Adding a language is one more object of the same shape
 * (the type makes a missing key an error).
 */
import { FILE_EN, FILE_RU } from "./i18n/file.js";

const en = {
  ...FILE_EN,
  "app.title": "Deforma studio",
  "ws.file": "File check",
  "route.unknown": "There is no workspace called “{name}” in this studio.",
  "route.choose": "Open one of these:",
  "file.pick": "Pick a file in the list to check it.",
  "problems.original": "Original message:",
  "files.title": "Project files",
  "files.empty": "No files.",
  "files.drop": "Drop files here to add them to the project.",
  "files.uploaded": "Added {name}",
  "files.exists": "{name} exists. Replace it?",
  "files.failed": "Could not add {name}: {error}",
  "files.linksBroken":
    "{name} had other hard links ({count}); it is now a file of its own, and the other names keep the old content.",
  "share.button": "Share as HTML",
  "share.busy": "Writing {file} as one HTML page…",
  "share.done": "Saved {name}: one page that plays offline in any browser.",
  "share.failed": "{file} cannot be shared: {reason}",
  "time.play": "Play",
  "time.pause": "Pause",
  "time.back": "Step back",
  "time.forward": "Step forward",
  "time.speed": "Speed",
  "time.loop": "Loop",
  "time.time": "Time",
  "time.frame": "Frame",
  "view.fit": "Fit view",
  "view.screenshot": "Screenshot",
  "view.edges": "Mesh edges",
  "view.grid": "Ground grid",
  "view.gridSpacing": "Grid {spacing}",
  "lang.label": "Language",
  "file.unknown": "Not a format Deforma knows.",
  "file.format": "Format: {label}",
  "file.tooLarge": "Too large to check in the studio; use deforma check.",
  "file.tooLargeTime":
    "{name}: too large to check here (its check took longer than the studio allows); use deforma check.",
  "file.tooLargeMemory":
    "{name}: too large to check here (its check needed more memory than the studio allows); use deforma check.",
  "file.omitted": "… and {count} more",
  "files.check": "Check this file",
  "files.status.ok": "Checked: no problems",
  "files.status.problems": "Checked: {errors}, {warnings}",
  "files.status.large": "Too large to check here",
  "files.status.failed": "Could not check: {error}",
  "files.series": "{count} numbered entries",
  "file.summary": "What it holds",
  "file.play": "Play this mixed animation",
  "file.openIn": "Open in {name}",
  "files.imported": "Added {count} file(s) to {folder}",
  "files.importFailed": "Could not bring the drop in: {error}",
  "files.importing": "Adding {count} file(s) to {folder}…",
} as const;

/** The shell's own keys. */
type ShellStrings = typeof en;

/**
 * Every key of the catalogue: the shell's, and each workspace's, which its
 * `strings.ts` declares into this interface (`declare module "../i18n.js"`).
 */
export interface Catalogue extends ShellStrings {}

/** A key of the string catalogue. */
export type MessageKey = keyof Catalogue;

const ru: Record<keyof ShellStrings, string> = {
  ...FILE_RU,
  "app.title": "Студия Deforma",
  "ws.file": "Проверка файла",
  "route.unknown": "В студии нет рабочего пространства «{name}».",
  "route.choose": "Откройте одно из этих:",
  "file.pick": "Выберите файл в списке, чтобы проверить его.",
  "problems.original": "Исходное сообщение:",
  "files.title": "Файлы проекта",
  "files.empty": "Файлов нет.",
  "files.drop": "Перетащите сюда файлы, чтобы добавить их в проект.",
  "files.uploaded": "Добавлен {name}",
  "files.exists": "{name} уже есть. Заменить?",
  "files.failed": "Не удалось добавить {name}: {error}",
  "files.linksBroken":
    "У {name} были другие жёсткие ссылки ({count}); теперь это отдельный файл, а по другим именам осталось прежнее содержимое.",
  "share.button": "Поделиться (HTML)",
  "share.busy": "{file} записывается одной HTML-страницей…",
  "share.done": "Сохранён {name}: одна страница, которая играет без сети в любом браузере.",
  "share.failed": "{file} нельзя выгрузить: {reason}",
  "time.play": "Пуск",
  "time.pause": "Пауза",
  "time.back": "Шаг назад",
  "time.forward": "Шаг вперёд",
  "time.speed": "Скорость",
  "time.loop": "Повтор",
  "time.time": "Время",
  "time.frame": "Кадр",
  "view.fit": "Показать всё",
  "view.screenshot": "Снимок экрана",
  "view.edges": "Рёбра сетки",
  "view.grid": "Сетка пола",
  "view.gridSpacing": "Шаг сетки {spacing}",
  "lang.label": "Язык",
  "file.unknown": "Deforma не знает этот формат.",
  "file.format": "Формат: {label}",
  "file.tooLarge": "Файл слишком велик для проверки в студии; используйте deforma check.",
  "file.tooLargeTime":
    "{name}: слишком велик для проверки здесь (проверка заняла больше времени, чем позволяет студия); используйте deforma check.",
  "file.tooLargeMemory":
    "{name}: слишком велик для проверки здесь (проверке нужно больше памяти, чем позволяет студия); используйте deforma check.",
  "file.omitted": "… и ещё {count}",
  "files.check": "Проверить этот файл",
  "files.status.ok": "Проверен: замечаний нет",
  "files.status.problems": "Проверен: {errors}, {warnings}",
  "files.status.large": "Слишком велик для проверки здесь",
  "files.status.failed": "Не удалось проверить: {error}",
  "files.series": "Пронумерованных элементов: {count}",
  "file.summary": "Содержимое",
  "file.play": "Воспроизвести смешанную анимацию",
  "file.openIn": "Открыть в «{name}»",
  "files.imported": "Добавлено файлов: {count}, в папку {folder}",
  "files.importFailed": "Не удалось добавить перетащенное: {error}",
  "files.importing": "Добавляю файлы ({count}) в папку {folder}…",
};

/** Languages of the studio, with their own names. */
export const LANGUAGES = { en: "English", ru: "Русский" } as const;
/** A language code of {@link LANGUAGES}. */
export type Language = keyof typeof LANGUAGES;

const catalogues: Record<Language, Record<string, string>> = { en: { ...en }, ru: { ...ru } };

/**
 * Adds a workspace's strings to the catalogue, every language with every key
 * (its `strings.ts` calls this once and declares the keys into {@link Catalogue}).
 */
export function registerStrings<E extends Readonly<Record<string, string>>>(
  strings: { readonly [L in Language]: Readonly<Record<keyof E, string>> } & { readonly en: E },
): void {
  for (const lang of Object.keys(catalogues) as Language[])
    Object.assign(catalogues[lang], strings[lang]);
}
let current: Language = "en";
const listeners = new Set<() => void>();

/** The current language. */
export function language(): Language {
  return current;
}

/** Switches the language and re-renders every translated element. */
export function setLanguage(lang: Language): void {
  current = lang;
  document.documentElement.lang = lang;
  try {
    localStorage.setItem("deforma.lang", lang);
  } catch {
    /* storage may be unavailable */
  }
  for (const el of document.querySelectorAll<HTMLElement>("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n as MessageKey);
  }
  for (const el of document.querySelectorAll<HTMLElement>("[data-i18n-title]")) {
    el.title = t(el.dataset.i18nTitle as MessageKey);
  }
  for (const f of listeners) f();
}

/** Calls `f` after every language switch; the returned function stops that. */
export function onLanguageChange(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** The language saved by the user, or the browser's if it is one we have. */
export function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem("deforma.lang");
    if (saved === "en" || saved === "ru") return saved;
  } catch {
    /* storage may be unavailable */
  }
  return navigator.language.toLowerCase().startsWith("ru") ? "ru" : "en";
}

/** The string for `key` in the current language, `{name}` placeholders filled from `vars`. */
export function t(key: MessageKey, vars: Record<string, string | number> = {}): string {
  const text = catalogues[current][key] ?? catalogues.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}

/** Whether `key` (made at run time, e.g. from an engine's name) is a key of the catalogues. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(catalogues.en, key);
}

/** A new element whose text is the translated `key` (kept up to date on language switch). */
export function tr<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  key: MessageKey,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.dataset.i18n = key;
  el.textContent = t(key);
  return el;
}
