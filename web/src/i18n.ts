/**
 * The studio's strings, one catalogue per language. Adding a language is one
 * more object of the same shape (the type makes a missing key an error).
 * A workspace with many strings keeps them in `i18n/<system>.ts`, merged here.
 */
import { FILE_EN, FILE_RU } from "./i18n/file.js";
import { LIVE_EN, LIVE_RU } from "./i18n/live.js";
import { MESH_EN, MESH_RU } from "./i18n/mesh.js";

const en = {
  ...FILE_EN,
  ...LIVE_EN,
  ...MESH_EN,
  "app.title": "Deforma studio",
  "ws.mixed": "Mixed animation",
  "ws.bulge": "Bulges",
  "ws.live": "Live",
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
  "mixed.pick": "Open an .amx file from the list to see its mixed animation.",
  "mixed.loading": "Loading {file}…",
  "mixed.problems": "Problems in the files",
  "mixed.cannotPlay": "The animation cannot be shown: fix the errors below.",
  "mixed.missing": "{file} not found in the project",
  "mixed.unreadable": "cannot read {file}: {reason}",
  "time.play": "Play",
  "time.pause": "Pause",
  "time.back": "Step back",
  "time.forward": "Step forward",
  "time.speed": "Speed",
  "time.loop": "Loop",
  "time.time": "Time",
  "time.frame": "Frame",
  "bodies.title": "Bodies",
  "bodies.visible": "Visible",
  "bodies.variant": "Variant",
  "bodies.scalar": "Scalar",
  "bodies.exaggeration": "Exaggeration ×",
  "bodies.rigid": "rigid",
  "legend.colormap": "Colour map",
  "legend.range": "Range",
  "legend.frame": "This frame",
  "legend.all": "Whole animation",
  "legend.fixed": "Fixed",
  "view.fit": "Fit view",
  "view.screenshot": "Screenshot",
  "view.edges": "Mesh edges",
  "view.grid": "Ground grid",
  "view.gridSpacing": "Grid {spacing}",
  "bulgePreview.flex": "Elbow flex",
  "bulgePreview.amount": "Bulge {percent} %",
  "bulgePreview.polar": "Sections around the bone",
  "bulgePreview.at": "At u",
  "bulgePreview.peak": "Peak over u",
  "bulgePreview.full": "full bulge",
  "bulgePreview.now": "at this flex",
  "bulgePreview.loading": "Loading {file}…",
  "bulgePreview.failed": "The preview failed: {error}",
  "bulgePreview.badFile": "{file} cannot be shown: {error}",
  "bulgePreview.misfit": "The rig does not fit the mesh: {reason}",
  "bulgePreview.noBulge": "No joint of {file} has a bulge attribute.",
  "bulgePreview.missing": "{file} not found in the project",
  "bulgePreview.unreadable": "cannot read {file}: {reason}",
  "probe.title": "Probe",
  "probe.hint": "Click a mesh node to probe it.",
  "probe.node": "Node",
  "probe.coords": "Coordinates (world, m)",
  "probe.value": "Value",
  "probe.over": "over the whole animation",
  "lang.label": "Language",
  "export.gltf": "Export glTF",
  "export.vtk": "Export VTK",
  "export.working": "Exporting… {done}/{total}",
  "export.savedGltf": "Saved {file}",
  "export.savedVtk": "Wrote {count} files to {folder}/ in the project",
  "export.replace": "{folder}/ already holds an export. Replace its files?",
  "export.failed": "Export failed: {error}",
  "file.unknown": "Not a format Deforma knows.",
  "file.format": "Format: {label}",
  "file.tooLarge": "Too large to check in the studio; use deforma check.",
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
  "bulge.loading": "Loading {file}…",
  "bulge.created": "{file} did not exist: it was created from the default catalogue.",
  "bulge.missing": "{file} not found in the project",
  "bulge.unreadable": "Cannot read {file}: {reason}",
  "bulge.lister": "Bulge definitions",
  "bulge.none": "No complete definitions. Add one.",
  "bulge.name": "Name",
  "bulge.code": "Code",
  "bulge.add": "New bulge",
  "bulge.newName": "Bulge",
  "bulge.delete": "Delete",
  "bulge.confirmDelete": "Delete “{name}” (code {code})?",
  "bulge.confirmDeleteRigs": "These rigs reference code {code} and will lose their bulge: {rigs}.",
  "bulge.usedBy": "Rigs that change with code {code}: {rigs}",
  "bulge.unused": "No rig of the project uses code {code}.",
  "bulge.badName": "Not a valid name: {problem}",
  "bulge.nameTaken": "A bulge called “{name}” already exists.",
  "bulge.badCode": "The code must be an integer ≥ 0.",
  "bulge.codeTaken": "Code {code} is already used by “{name}”.",
  "bulge.badAngle": "The angle must be an integer from 0 to 360.",
  "bulge.angleTaken": "There is already a section at {angle}°.",
  "bulge.errlog": "Error log",
  "bulge.errlogEmpty": "Nothing was left out or recoded.",
  "bulge.omitted": "omitted",
  "bulge.reassigned": "code reassigned",
  "bulge.line": "line {line}",
  "bulge.source": "Source: {file}",
  "bulge.section": "{angle}°",
  "bulge.addSection": "Add section",
  "bulge.sectionAngle": "Angle of the new section (0–360)",
  "bulge.removeSection": "Remove section",
  "bulge.addKeypoint": "Add keypoint",
  "bulge.removeKeypoint": "Remove keypoint",
  "bulge.keypointGroup": "Keypoint",
  "bulge.sectionGroup": "Section",
  "bulge.axisAlong": "Along the bone: u, x (bone lengths, 0 = head, 1 = tail)",
  "bulge.axisAway": "Away from the bone: y (bone lengths)",
  "bulge.axisAwayShort": "y (bone lengths)",
  "bulge.keypoint": "Keypoint {n}",
  "bulge.readout": "u {u} · x {x} · y {y}",
  "bulge.limit": "Stopped at the limit: {what} ∈ [{min}, {max}]",
  "bulge.range": "Allowed: {what} ∈ [{min}, {max}]",
  "bulge.hint":
    "Drag a circle along the bone or an X to shape the bulge; the arrow keys move the one clicked last.",
  "bulge.undo": "Undo",
  "bulge.redo": "Redo",
  "bulge.save": "Save",
  "bulge.saved": "Saved {file}",
  "bulge.saveFailed": "Could not save: {error}",
  "bulge.confirmSave": "Overwrite {file}?",
  "bulge.confirmSaveRigs": "These rigs will change: {rigs}.",
  "bulge.confirmSaveOmitted": "{count} omitted definition(s) of the file will be dropped.",
  "bulge.unsaved": "Unsaved changes",
  "bulge.clean": "No unsaved changes",
  "bulge.preview": "Preview",
  "bulge.discard": "{file} has unsaved changes. Discard them?",
  "bulge.noCode": "No definition has code {code}.",
  "bulge.changedOnDisk":
    "The file changed on disk since it was read; saving replaces those changes.",
} as const;

/** A key of the string catalogue. */
export type MessageKey = keyof typeof en;

const ru: Record<MessageKey, string> = {
  ...FILE_RU,
  ...LIVE_RU,
  ...MESH_RU,
  "app.title": "Студия Deforma",
  "ws.mixed": "Смешанная анимация",
  "ws.bulge": "Выпуклости",
  "ws.live": "Живое",
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
  "mixed.pick": "Откройте файл .amx из списка, чтобы увидеть смешанную анимацию.",
  "mixed.loading": "Загрузка {file}…",
  "mixed.problems": "Ошибки в файлах",
  "mixed.cannotPlay": "Анимацию нельзя показать: исправьте ошибки ниже.",
  "mixed.missing": "{file} нет в проекте",
  "mixed.unreadable": "не удаётся прочитать {file}: {reason}",
  "time.play": "Пуск",
  "time.pause": "Пауза",
  "time.back": "Шаг назад",
  "time.forward": "Шаг вперёд",
  "time.speed": "Скорость",
  "time.loop": "Повтор",
  "time.time": "Время",
  "time.frame": "Кадр",
  "bodies.title": "Тела",
  "bodies.visible": "Видимо",
  "bodies.variant": "Вариант",
  "bodies.scalar": "Скаляр",
  "bodies.exaggeration": "Усиление ×",
  "bodies.rigid": "твёрдое",
  "legend.colormap": "Цветовая шкала",
  "legend.range": "Диапазон",
  "legend.frame": "Этот кадр",
  "legend.all": "Вся анимация",
  "legend.fixed": "Задан",
  "view.fit": "Показать всё",
  "view.screenshot": "Снимок экрана",
  "view.edges": "Рёбра сетки",
  "view.grid": "Сетка пола",
  "view.gridSpacing": "Шаг сетки {spacing}",
  "bulgePreview.flex": "Сгиб локтя",
  "bulgePreview.amount": "Выпуклость {percent} %",
  "bulgePreview.polar": "Сечения вокруг кости",
  "bulgePreview.at": "При u",
  "bulgePreview.peak": "Максимум по u",
  "bulgePreview.full": "полная выпуклость",
  "bulgePreview.now": "при этом сгибе",
  "bulgePreview.loading": "Загрузка {file}…",
  "bulgePreview.failed": "Предпросмотр не удался: {error}",
  "bulgePreview.badFile": "{file} нельзя показать: {error}",
  "bulgePreview.misfit": "Скелет не подходит к сетке: {reason}",
  "bulgePreview.noBulge": "Ни у одного сустава в {file} нет атрибута выпуклости.",
  "bulgePreview.missing": "{file} не найден в проекте",
  "bulgePreview.unreadable": "не удаётся прочитать {file}: {reason}",
  "probe.title": "Зонд",
  "probe.hint": "Щёлкните по узлу сетки, чтобы исследовать его.",
  "probe.node": "Узел",
  "probe.coords": "Координаты (мир, м)",
  "probe.value": "Значение",
  "probe.over": "за всю анимацию",
  "lang.label": "Язык",
  "export.gltf": "Экспорт glTF",
  "export.vtk": "Экспорт VTK",
  "export.working": "Экспорт… {done}/{total}",
  "export.savedGltf": "Сохранён {file}",
  "export.savedVtk": "Записано файлов: {count}, в папку проекта {folder}/",
  "export.replace": "В {folder}/ уже есть экспорт. Заменить файлы?",
  "export.failed": "Экспорт не удался: {error}",
  "file.unknown": "Deforma не знает этот формат.",
  "file.format": "Формат: {label}",
  "file.tooLarge": "Файл слишком велик для проверки в студии; используйте deforma check.",
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
  "bulge.loading": "Загрузка {file}…",
  "bulge.created": "{file} не было: файл создан из каталога по умолчанию.",
  "bulge.missing": "{file} нет в проекте",
  "bulge.unreadable": "Не удалось прочитать {file}: {reason}",
  "bulge.lister": "Определения выпуклостей",
  "bulge.none": "Нет полных определений. Добавьте новое.",
  "bulge.name": "Имя",
  "bulge.code": "Код",
  "bulge.add": "Новая выпуклость",
  "bulge.newName": "Bulge",
  "bulge.delete": "Удалить",
  "bulge.confirmDelete": "Удалить «{name}» (код {code})?",
  "bulge.confirmDeleteRigs": "Эти риги ссылаются на код {code} и потеряют выпуклость: {rigs}.",
  "bulge.usedBy": "Риги, которые изменятся вместе с кодом {code}: {rigs}",
  "bulge.unused": "Ни один риг проекта не использует код {code}.",
  "bulge.badName": "Недопустимое имя: {problem}",
  "bulge.nameTaken": "Выпуклость «{name}» уже есть.",
  "bulge.badCode": "Код должен быть целым числом ≥ 0.",
  "bulge.codeTaken": "Код {code} уже занят «{name}».",
  "bulge.badAngle": "Угол должен быть целым от 0 до 360.",
  "bulge.angleTaken": "Сечение под углом {angle}° уже есть.",
  "bulge.errlog": "Журнал ошибок",
  "bulge.errlogEmpty": "Ничего не пропущено и не перекодировано.",
  "bulge.omitted": "пропущено",
  "bulge.reassigned": "код изменён",
  "bulge.line": "строка {line}",
  "bulge.source": "Исходный текст: {file}",
  "bulge.section": "{angle}°",
  "bulge.addSection": "Добавить сечение",
  "bulge.sectionAngle": "Угол нового сечения (0–360)",
  "bulge.removeSection": "Удалить сечение",
  "bulge.addKeypoint": "Добавить точку",
  "bulge.removeKeypoint": "Удалить точку",
  "bulge.keypointGroup": "Точка",
  "bulge.sectionGroup": "Сечение",
  "bulge.axisAlong": "Вдоль кости: u, x (в длинах кости, 0 — начало, 1 — конец)",
  "bulge.axisAway": "От кости: y (в длинах кости)",
  "bulge.axisAwayShort": "y (в длинах кости)",
  "bulge.keypoint": "Точка {n}",
  "bulge.readout": "u {u} · x {x} · y {y}",
  "bulge.limit": "Остановлено на границе: {what} ∈ [{min}, {max}]",
  "bulge.range": "Допустимо: {what} ∈ [{min}, {max}]",
  "bulge.hint":
    "Тяните кружок вдоль кости или крестик, чтобы задать форму выпуклости; стрелки двигают последний выбранный.",
  "bulge.undo": "Отменить",
  "bulge.redo": "Повторить",
  "bulge.save": "Сохранить",
  "bulge.saved": "Сохранено: {file}",
  "bulge.saveFailed": "Не удалось сохранить: {error}",
  "bulge.confirmSave": "Перезаписать {file}?",
  "bulge.confirmSaveRigs": "Изменятся эти риги: {rigs}.",
  "bulge.confirmSaveOmitted": "Пропущенные определения файла ({count}) будут удалены.",
  "bulge.unsaved": "Есть несохранённые изменения",
  "bulge.clean": "Несохранённых изменений нет",
  "bulge.preview": "Просмотр",
  "bulge.discard": "В {file} есть несохранённые изменения. Отбросить их?",
  "bulge.noCode": "Нет определения с кодом {code}.",
  "bulge.changedOnDisk": "Файл на диске изменился после чтения; сохранение заменит эти изменения.",
};

/** Languages of the studio, with their own names. */
export const LANGUAGES = { en: "English", ru: "Русский" } as const;
/** A language code of {@link LANGUAGES}. */
export type Language = keyof typeof LANGUAGES;

const catalogues: Record<Language, Record<MessageKey, string>> = { en, ru };
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
  return catalogues[current][key].replace(/\{(\w+)\}/g, (_, k: string) =>
    String(vars[k] ?? `{${k}}`),
  );
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
