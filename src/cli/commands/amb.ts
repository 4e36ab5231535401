/** `deforma amb info|validate|convert`. */
import {
  ambInfo,
  type MbsAnimation,
  readAmb,
  writeAmbBinary,
  writeAmbText,
} from "../../mixed/amb/index.js";
import { formatCommands } from "./mesh-file.js";

const commands = formatCommands<MbsAnimation>({
  name: "amb",
  what: "MBS animation",
  read: readAmb,
  info: ambInfo,
  describe(m) {
    const t = m.times;
    const lines = [
      `${m.bodies.length} bodies, ${t.length} frames${t.length ? ` (${t[0]} … ${t[t.length - 1]} s)` : ""}`,
    ];
    for (const b of m.bodies) {
      const g = b.geometry;
      const shape =
        g.kind === "box"
          ? `box ${g.size.join(" × ")} m`
          : g.kind === "cylinder"
            ? `cylinder r ${g.radius} m, length ${g.length} m`
            : g.kind === "sphere"
              ? `sphere r ${g.radius} m`
              : "no geometry";
      lines.push(`  body ${b.number} ${b.name}: ${shape}`);
    }
    return `${lines.join("\n")}\n`;
  },
  writeText: writeAmbText,
  writeBinary: writeAmbBinary,
  infoHelp: "With --json: the summary of docs/formats/amb.md (bodies, frames, times).",
});

/** `amb info`. */
export const ambInfoCommand = commands.info;
/** `amb validate`. */
export const ambValidate = commands.validate;
/** `amb convert`. */
export const ambConvert = commands.convert;
