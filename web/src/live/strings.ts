/**
 * The Live workspace's strings, kept with the workspace and added to the studio's
 * catalogue on import (the workspace's entry modules import this file).
 */
import { registerStrings } from "../i18n.js";

const LIVE_EN = {
  "ws.live": "Live",
  "live.loading": "Loading {file}…",
  "live.noScene": "The project has no .scene.json file. Add one, or open one with #/live?scene=…",
  "live.missing": "{file} not found in the project",
  "live.unreadable": "Cannot read {file}: {reason}",
  "live.problems": "Problems in the scene",
  "live.cannotPlay": "The scene cannot be played: fix the errors below.",
  "live.reset": "Back to the start",
  "live.step": "One tick",
  "live.engine": "Engine",
  "live.engine.classic": "classic",
  "live.engine.improved": "improved",
  "live.engineNext": "The {engine} engine makes the next transition.",
  "live.overlays": "Show",
  "live.overlay.points": "Points",
  "live.overlay.cuts": "Cuts",
  "live.overlay.discs": "Discs",
  "live.overlay.discsTitle":
    "The classic engine's disc of radius R around each control point («область радиуса R_j», the seed's step 11)",
  "live.reading": "Reading",
  "live.readingTitle":
    "How the classic engine reads the seed's step 14: each in-between from K at its fraction, step on step with sub-pixel rests carried, or step on step in whole pixels",
  "live.reading.fraction": "fraction",
  "live.reading.carry": "carry",
  "live.reading.literal": "whole pixels",
  "live.keepTime": "Keep time",
  "live.keepTimeTitle":
    "On a slow machine, drop frames so the story keeps its timing (off: every frame is shown and the story slows down)",
  "live.exportGif": "Export GIF",
  "live.exportEmpty": "Nothing has been played yet.",
  "live.exporting": "Encoding {count} frames…",
  "live.exported": "Saved {file}: {count} frames, {seconds} s",
  "live.exportFailed": "GIF export failed: {error}",
  "live.events": "Events",
  "live.noEvents": "The rules of this scene name no event.",
  "live.signals": "Signals",
  "live.state": "Now",
  "live.tick": "Tick",
  "live.frame": "Frame",
  "live.key": "key {frame}",
  "live.inbetween": "{from} → {to}",
  "live.story": "Story line",
  "live.storyEmpty": "empty",
  "live.counter": "Left",
  "live.counterTitle":
    "In-betweens still to show: the seed's counter «СПК» (счётчик показа промежуточных кадров)",
  "live.fired": "Fired",
  "live.firedAt": "{rules} (tick {tick})",
  "live.none": "—",
  "live.dropped": "Dropped ticks",
  "live.droppedFrames": "Dropped frames",
  "live.keyFrames": "Key frames",
  "live.zero": "zero frame",
  "live.showFrame": "Show {frame} to edit its points",
  "live.editOff": "Pause on a key frame, or pick one below, to drag its control points.",
  "live.editing": "Editing {frame}: drag a control point to move it (saved at once).",
  "live.moved": "Moved {point} of {frame} to ({x}, {y}); saved {file}",
  "live.saveFailed": "Could not save: {error}",
  "live.changedOnDisk": "{file} changed on disk since it was read. Replace it with this edit?",
  "live.reloaded": "{file} changed on disk: read it again.",
  "live.undo": "Undo move",
  "live.redo": "Redo move",
} as const;

const LIVE_RU: Record<keyof typeof LIVE_EN, string> = {
  "ws.live": "Живое",
  "live.loading": "Загрузка {file}…",
  "live.noScene":
    "В проекте нет файла .scene.json. Добавьте его или откройте сцену ссылкой #/live?scene=…",
  "live.missing": "{file} нет в проекте",
  "live.unreadable": "Не удаётся прочитать {file}: {reason}",
  "live.problems": "Ошибки в сцене",
  "live.cannotPlay": "Сцену нельзя проиграть: исправьте ошибки ниже.",
  "live.reset": "В начало",
  "live.step": "Один такт",
  "live.engine": "Движок",
  "live.engine.classic": "классический",
  "live.engine.improved": "улучшенный",
  "live.engineNext": "Следующий переход построит движок «{engine}».",
  "live.overlays": "Показать",
  "live.overlay.points": "Точки",
  "live.overlay.cuts": "Разрезы",
  "live.overlay.discs": "Круги R",
  "live.overlay.discsTitle":
    "Область радиуса R_j вокруг каждой контрольной точки (шаг 11 затравки): только классический движок",
  "live.reading": "Прочтение",
  "live.readingTitle":
    "Как классический движок читает шаг 14: каждый промежуточный кадр из K по его доле, шаг за шагом с переносом долей пикселя или шаг за шагом в целых пикселях",
  "live.reading.fraction": "по доле",
  "live.reading.carry": "с переносом",
  "live.reading.literal": "целые пиксели",
  "live.keepTime": "Держать время",
  "live.keepTimeTitle":
    "На медленной машине пропускать кадры, чтобы сюжет шёл в своём темпе (выключено: показывается каждый кадр, сюжет замедляется)",
  "live.exportGif": "Экспорт GIF",
  "live.exportEmpty": "Ещё ничего не проиграно.",
  "live.exporting": "Кодирование {count} кадров…",
  "live.exported": "Сохранён {file}: {count} кадров, {seconds} с",
  "live.exportFailed": "Экспорт GIF не удался: {error}",
  "live.events": "События",
  "live.noEvents": "Правила этой сцены не называют событий.",
  "live.signals": "Сигналы",
  "live.state": "Сейчас",
  "live.tick": "Такт",
  "live.frame": "Кадр",
  "live.key": "ключевой {frame}",
  "live.inbetween": "{from} → {to}",
  "live.story": "Сюжетный ряд",
  "live.storyEmpty": "пуст",
  "live.counter": "СПК",
  "live.counterTitle": "Счётчик показа промежуточных кадров (СПК): сколько их ещё показать",
  "live.fired": "Сработали",
  "live.firedAt": "{rules} (такт {tick})",
  "live.none": "—",
  "live.dropped": "Пропущено тактов",
  "live.droppedFrames": "Пропущено кадров",
  "live.keyFrames": "Ключевые кадры",
  "live.zero": "нулевой кадр",
  "live.showFrame": "Показать {frame}, чтобы править его точки",
  "live.editOff":
    "Остановитесь на ключевом кадре или выберите его ниже, чтобы двигать контрольные точки.",
  "live.editing": "Правка кадра {frame}: перетащите контрольную точку (сохраняется сразу).",
  "live.moved": "{point} кадра {frame} перенесена в ({x}, {y}); сохранён {file}",
  "live.saveFailed": "Не удалось сохранить: {error}",
  "live.changedOnDisk": "{file} изменился на диске после чтения. Заменить его этой правкой?",
  "live.reloaded": "{file} изменился на диске: прочитан заново.",
  "live.undo": "Отменить перенос",
  "live.redo": "Повторить перенос",
};

registerStrings({ en: LIVE_EN, ru: LIVE_RU });

type LiveStrings = typeof LIVE_EN;

declare module "../i18n.js" {
  /** The live workspace's keys, checked by `t`. */
  interface Catalogue extends LiveStrings {}
}
