/** CalculiX `.frd` results: the reader and its registry format. */
export { FRD } from "./codes.js";
export { FRD_FORMAT } from "./format.js";
export { type FrdRead, readFrd } from "./read.js";
