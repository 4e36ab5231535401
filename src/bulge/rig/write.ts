/** Writer of the rig file: JSON, two-space indent, members in the documented order, a final newline. */
import type { Rig } from "./model.js";

/** The rig as `*.rig.json` text; `readRig(writeRig(r)).model` equals `r`. */
export function writeRig(rig: Rig): string {
  const out: Rig = {
    version: rig.version,
    ...(rig.mesh === undefined ? {} : { mesh: rig.mesh }),
    joints: rig.joints.map((j) => ({
      name: j.name,
      parent: j.parent,
      head: j.head,
      tail: j.tail,
      axis: j.axis,
      radius: j.radius,
      flexAxis: j.flexAxis,
      ...(j.bulge
        ? { bulge: { code: j.bulge.code, fullAngle: j.bulge.fullAngle, scale: j.bulge.scale } }
        : {}),
    })),
  };
  // Three-vectors and bulge attributes on one line each.
  const text = JSON.stringify(out, null, 2)
    .replace(/\[\s+(-?[\d.eE+-]+),\s+(-?[\d.eE+-]+),\s+(-?[\d.eE+-]+)\s+\]/g, "[$1, $2, $3]")
    .replace(
      /\{\s+"code": ([^,\s]+),\s+"fullAngle": ([^,\s]+),\s+"scale": ([^,\s]+)\s+\}/g,
      '{ "code": $1, "fullAngle": $2, "scale": $3 }',
    );
  return `${text}\n`;
}
