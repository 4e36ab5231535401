/**
 * The Mixed and Mesh workspaces' strings, kept with the workspace and added to the studio's
 * catalogue on import (the workspace's entry modules import this file).
 */
import { registerStrings } from "../i18n.js";

const MIXED_EN = {
  "ws.mixed": "Mixed animation",
  "mixed.pick": "Open an .amx file from the list to see its mixed animation.",
  "mixed.loading": "Loading {file}…",
  "mixed.problems": "Problems in the files",
  "mixed.cannotPlay": "The animation cannot be shown: fix the errors below.",
  "mixed.missing": "{file} not found in the project",
  "mixed.unreadable": "cannot read {file}: {reason}",
  "mixed.waiting": "waiting for mesh frame {frame} ({percent} % on the GPU)",
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
  "probe.title": "Probe",
  "probe.hint": "Click a mesh node to probe it.",
  "probe.node": "Node",
  "probe.cell": "cell",
  "probe.coords": "Coordinates (world, m)",
  "probe.value": "Value",
  "probe.over": "over the whole animation",
  "export.gltf": "Export glTF",
  "export.vtk": "Export VTK",
  "export.working": "Exporting… {done}/{total}",
  "export.savedGltf": "Saved {file}",
  "export.savedVtk": "Wrote {count} files to {folder}/ in the project",
  "export.replace": "{folder}/ already holds an export. Replace its files?",
  "export.failed": "Export failed: {error}",
  "export.noCells": "the server did not send the mesh's cells",
  "ws.mesh": "Mesh",
  "mesh.pick":
    "Open an .agr file, a VTK series (.pvd, .series, .vtm, .vtu, .vtp, .pvtu) or CalculiX results (.frd) from the list to look at it alone.",
  "mesh.type0": "thermal (type 0)",
  "mesh.type1": "stress-strain (type 1)",
  "mesh.vtkType": "Results read as {type}",
  "mesh.vtkDisplacement": "displacement “{name}”",
  "mesh.vtkNotWarped":
    "“{name}” not taken as displacement (it may be velocity; it is offered as a scalar)",
  "mesh.vtkScalar": "colour: “{name}”",
  "mesh.vtkOthers": "other candidates {names}",
  "mesh.vtkSwitch": "Choose another scalar under Bodies.",
  "mesh.streamed":
    "Streamed: frames are read from the server as they play, at most {budget} MiB held. Probing and exports need the whole file in memory and are off.",
} as const;

const MIXED_RU: Record<keyof typeof MIXED_EN, string> = {
  "ws.mixed": "Смешанная анимация",
  "mixed.pick": "Откройте файл .amx из списка, чтобы увидеть смешанную анимацию.",
  "mixed.loading": "Загрузка {file}…",
  "mixed.problems": "Ошибки в файлах",
  "mixed.cannotPlay": "Анимацию нельзя показать: исправьте ошибки ниже.",
  "mixed.missing": "{file} нет в проекте",
  "mixed.unreadable": "не удаётся прочитать {file}: {reason}",
  "mixed.waiting": "ожидание кадра сетки {frame} ({percent} % на GPU)",
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
  "probe.title": "Зонд",
  "probe.hint": "Щёлкните по узлу сетки, чтобы исследовать его.",
  "probe.node": "Узел",
  "probe.cell": "ячейка",
  "probe.coords": "Координаты (мир, м)",
  "probe.value": "Значение",
  "probe.over": "за всю анимацию",
  "export.gltf": "Экспорт glTF",
  "export.vtk": "Экспорт VTK",
  "export.working": "Экспорт… {done}/{total}",
  "export.savedGltf": "Сохранён {file}",
  "export.savedVtk": "Записано файлов: {count}, в папку проекта {folder}/",
  "export.replace": "В {folder}/ уже есть экспорт. Заменить файлы?",
  "export.failed": "Экспорт не удался: {error}",
  "export.noCells": "сервер не прислал ячейки сетки",
  "ws.mesh": "Сетка",
  "mesh.pick":
    "Откройте из списка файл .agr, серию VTK (.pvd, .series, .vtm, .vtu, .vtp, .pvtu) или результаты CalculiX (.frd), чтобы посмотреть их отдельно.",
  "mesh.type0": "тепловая (тип 0)",
  "mesh.type1": "напряжённо-деформированная (тип 1)",
  "mesh.vtkType": "Результаты прочитаны как {type}",
  "mesh.vtkDisplacement": "перемещения «{name}»",
  "mesh.vtkNotWarped":
    "«{name}» не взят как перемещения (это может быть скорость; он доступен как скалярная величина)",
  "mesh.vtkScalar": "цвет: «{name}»",
  "mesh.vtkOthers": "другие кандидаты {names}",
  "mesh.vtkSwitch": "Другую скалярную величину можно выбрать в разделе «Тела».",
  "mesh.streamed":
    "Потоковое чтение: кадры загружаются с сервера по ходу воспроизведения, в памяти не более {budget} МиБ. Зонд и экспорт требуют всего файла в памяти и отключены.",
};

registerStrings({ en: MIXED_EN, ru: MIXED_RU });

type MixedStrings = typeof MIXED_EN;

declare module "../i18n.js" {
  /** The mixed workspace's keys, checked by `t`. */
  interface Catalogue extends MixedStrings {}
}
