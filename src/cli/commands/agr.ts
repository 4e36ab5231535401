/** `deforma agr info|validate|convert`. */
import {
  type AgrParamInfo,
  agrInfo,
  type MeshAnimation,
  readAgr,
  readAllFrames,
  writeAgrBinary,
  writeAgrText,
} from "../../mixed/agr/index.js";
import { MESH_TYPES } from "../../mixed/index.js";
import { openLargeAgr } from "../../node/agr-frames.js";
import { formatCommands } from "./mesh-file.js";

const commands = formatCommands<MeshAnimation>({
  name: "agr",
  what: "mesh animation",
  read: readAgr,
  info: agrInfo,
  describe(m) {
    const i = agrInfo(m);
    const param =
      (what: string) =>
      (p: AgrParamInfo, k: number): string =>
        `  [${k}] ${p.name} (${p.unit}) ${p.varying ? "varying" : "constant"}` +
        (p.min === null ? "" : `, ${what} ${p.min} … ${p.max} ${p.unit}`);
    const t = i.times;
    return [
      `type ${i.type} (${MESH_TYPES.get(i.type)?.solver ?? "unknown"})`,
      `nodes ${i.nodes}, elements ${i.elements}, frames ${i.frames}${t.length ? ` (${t[0]} … ${t[t.length - 1]} s)` : ""}`,
      "scalar parameters:",
      ...i.scalars.map(param("range")),
      "vector parameters:",
      ...i.vectors.map(param("change from frame 0")),
      "",
    ].join("\n");
  },
  writeText: writeAgrText,
  writeBinary: writeAgrBinary,
  open: openLargeAgr,
  readFrames: readAllFrames,
  infoHelp:
    'With --json: {"type":0|1,"nodes":N,"elements":M,"frames":F,"times":[…],\n' +
    '"scalars":[{"name","unit","varying","min","max"}],"vectors":[…]} (more keys may follow);\n' +
    "a scalar's min/max are its values over all nodes and frames, a vector's the magnitude of\n" +
    "its change from frame 0 (for coordinates: the displacement).\n" +
    "A binary file larger than --frame-budget MIB (default 256) is read frame by frame, holding at\n" +
    "most that much of its frames at once; each frame is checked as it is read.",
});

/** `agr info`. */
export const agrInfoCommand = commands.info;
/** `agr validate`. */
export const agrValidate = commands.validate;
/** `agr convert`. */
export const agrConvert = commands.convert;
