/**
 * Loading an `.amx` with the files next to it (a narrower surface than the
 * system's index: the CLI's `amx validate` loads no exporter through it).
 */
export * from "./folder.js";
