/** The mesh workspace's strings (merged into the catalogue of `../i18n.ts`). */

export const MESH_EN = {
  "ws.mesh": "Mesh",
  "mesh.pick":
    "Open an .agr file or a VTK series (.pvd, .series, .vtm, .vtu, .vtp, .pvtu) from the list to look at it alone.",
  "mesh.type0": "thermal (type 0)",
  "mesh.type1": "stress-strain (type 1)",
  "mesh.vtkType": "VTK series read as {type}",
  "mesh.vtkDisplacement": "displacement “{name}”",
  "mesh.vtkScalar": "colour: “{name}”",
  "mesh.vtkOthers": "other candidates {names}",
  "mesh.vtkSwitch": "Choose another scalar under Bodies.",
  "mesh.streamed":
    "Streamed: frames are read from the server as they play, at most {budget} MiB held. Probing and exports need the whole file in memory and are off.",
  "files.imported": "Added {count} file(s) to {folder}",
  "files.importFailed": "Could not bring the drop in: {error}",
  "files.importing": "Adding {count} file(s) to {folder}…",
} as const;

export const MESH_RU: Record<keyof typeof MESH_EN, string> = {
  "ws.mesh": "Сетка",
  "mesh.pick":
    "Откройте из списка файл .agr или серию VTK (.pvd, .series, .vtm, .vtu, .vtp, .pvtu), чтобы посмотреть её отдельно.",
  "mesh.type0": "тепловая (тип 0)",
  "mesh.type1": "напряжённо-деформированная (тип 1)",
  "mesh.vtkType": "Серия VTK прочитана как {type}",
  "mesh.vtkDisplacement": "перемещения «{name}»",
  "mesh.vtkScalar": "цвет: «{name}»",
  "mesh.vtkOthers": "другие кандидаты {names}",
  "mesh.vtkSwitch": "Другую скалярную величину можно выбрать в разделе «Тела».",
  "mesh.streamed":
    "Потоковое чтение: кадры загружаются с сервера по ходу воспроизведения, в памяти не более {budget} МиБ. Зонд и экспорт требуют всего файла в памяти и отключены.",
  "files.imported": "Добавлено файлов: {count}, в папку {folder}",
  "files.importFailed": "Не удалось добавить перетащенное: {error}",
  "files.importing": "Добавляю файлы ({count}) в папку {folder}…",
};
