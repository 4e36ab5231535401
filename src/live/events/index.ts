/** The live events file (EVENTS.json): reader, codes and registry descriptor. */

export { checkInputsAgainstScene } from "./check.js";
export { EVT, type EvtCode, type EvtKind } from "./codes.js";
export { EVENTS_FORMAT } from "./format.js";
export { type EventsReadResult, type InputSpans, readEvents } from "./read.js";
