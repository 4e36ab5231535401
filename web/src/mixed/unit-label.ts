/**
 * How a parameter is labelled with its unit: "name (unit)" only when the
 * unit is known; a unit of `-` (the `.agr`'s "none or unknown", as
 * `agr from-vtk` writes for a displacement whose name settles no unit) or ""
 * shows the name alone, so no label claims a unit it does not know.
 */

/** Whether `unit` says something (neither empty nor `-`). */
export function knownUnit(unit: string | undefined): boolean {
  return unit !== undefined && unit.trim() !== "" && unit.trim() !== "-";
}

/** `name (unit)` when the unit is known, else `name`. */
export function withUnit(name: string, unit: string | undefined): string {
  return knownUnit(unit) ? `${name} (${unit!.trim()})` : name;
}

/** The unit to print after a value or on a plot's axis: `unit`, or "" when it is not known. */
export function unitText(unit: string | undefined): string {
  return knownUnit(unit) ? unit!.trim() : "";
}
