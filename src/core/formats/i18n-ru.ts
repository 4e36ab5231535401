/**
 * Russian templates of the format registry's own diagnostic codes, by code. A template
 * says what the code means; `{name}` placeholders are filled from the
 * diagnostic's named arguments (the code table declares their names). A
 * template without placeholders is shown beside the English message.
 */
export const FORMAT_MESSAGES_RU: Readonly<Record<string, string>> = {
  FMT001:
    "Ни один известный формат не подходит ни по имени, ни по содержимому файла; в сообщении сказано, на что он похож.",
  FMT002:
    "Имя файла указывает на формат «{named}», а содержимое — на «{found}»; файл прочитан как «{found}».",
  FMT003: "Файл «{file}» нельзя прочитать (его нет, это папка или нет прав).",
  FMT004:
    "Чтение файла неожиданно прервалось (это ошибка программы: сообщите о ней, приложив файл).",
  FMT005:
    "Имя указывает на формат «{named}», но содержимое — двоичные данные, с которых этот формат начинаться не может; файл не прочитан.",
  FMT006:
    "Команде дан файл другого формата, чем тот, что она читает (например, двоичный .agr для «amx validate»); файл не прочитан.",
  FMT007:
    "Ещё {count} находок с кодом {code} не показаны (хранятся только первые {kept} находок одного кода).",
};
