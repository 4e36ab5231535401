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
      ...(j.limits ? { limits: j.limits } : {}),
      ...(j.bulge
        ? {
            bulge: {
              code: j.bulge.code,
              fullAngle: j.bulge.fullAngle,
              scale: j.bulge.scale,
              ...(j.bulge.unit === undefined ? {} : { unit: j.bulge.unit }),
            },
          }
        : {}),
    })),
  };
  // Three-vectors, limits and bulge attributes on one line each.
  const text = JSON.stringify(out, null, 2)
    .replace(/\[\s+(-?[\d.eE+-]+),\s+(-?[\d.eE+-]+),\s+(-?[\d.eE+-]+)\s+\]/g, "[$1, $2, $3]")
    .replace(/\[\s+(-?[\d.eE+-]+),\s+(-?[\d.eE+-]+)\s+\]/g, "[$1, $2]")
    .replace(
      /\{\s+"code": ([^,\s]+),\s+"fullAngle": ([^,\s]+),\s+"scale": ([^,\s]+)(,\s+"unit": ("\w+"))?\s+\}/g,
      (_, code, full, scale, _u, unit) =>
        `{ "code": ${code}, "fullAngle": ${full}, "scale": ${scale}${unit ? `, "unit": ${unit}` : ""} }`,
    );
  return `${text}\n`;
}
