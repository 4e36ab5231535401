/** Small `.frd` texts in CalculiX's long ASCII format, for the reader's tests. */

const num = (v: number) =>
  (v < 0 ? "" : " ") +
  v
    .toExponential(5)
    .replace(/e([+-])(\d)$/, "E$10$2")
    .replace(/e/, "E");
const int = (v: number, w: number) => String(v).padStart(w);

/** A node block of `[label, x, y, z]` records. */
export function nodeBlock(nodes: readonly (readonly number[])[], count = nodes.length): string {
  const head = `    2C${" ".repeat(18)}${int(count, 12)}${int(1, 38)}\n`;
  return `${head + nodes.map(([n, ...xyz]) => ` -1${int(n!, 10)}${xyz.map(num).join("")}\n`).join("")} -3\n`;
}

/** An element block of `[number, type, ...nodes]`. */
export function elementBlock(elements: readonly (readonly number[])[]): string {
  let s = `    3C${" ".repeat(18)}${int(elements.length, 12)}${int(1, 38)}\n`;
  for (const [n, type, ...nodes] of elements) {
    s += ` -1${int(n!, 10)}${int(type!, 5)}    0    1\n`;
    for (let k = 0; k < nodes.length; k += 10)
      s += ` -2${nodes
        .slice(k, k + 10)
        .map((v) => int(v, 10))
        .join("")}\n`;
  }
  return `${s} -3\n`;
}

/** A result block `name` at `time`, step `step`, with components `comps` and `[label, ...values]`. */
export function resultBlock(
  name: string,
  comps: readonly string[],
  values: readonly (readonly number[])[],
  time = 1,
  step = 1,
): string {
  let s = `  100CL  101${num(time)}${int(values.length, 12)}${" ".repeat(20)} 0${int(step, 5)}${" ".repeat(10)} 1\n`;
  s += ` -4  ${name.padEnd(8)}${int(comps.length, 5)}    1\n`;
  for (const c of comps) s += ` -5  ${c.padEnd(8)}    1    1    1    0\n`;
  for (const [n, ...v] of values) {
    s += ` -1${int(n!, 10)}${v.slice(0, 6).map(num).join("")}\n`;
    for (let k = 6; k < v.length; k += 6)
      s += ` -2${" ".repeat(10)}${v
        .slice(k, k + 6)
        .map(num)
        .join("")}\n`;
  }
  return `${s} -3\n`;
}

/** The first records of a CalculiX file. */
export const HEADER = "    1C\n    1UPGM               CalculiX\n";

/** One tetrahedron (nodes 10, 20, 30, 40: labels), with `extra` blocks before the end. */
export function tetFile(extra = ""): string {
  const nodes = [
    [10, 0, 0, 0],
    [20, 1, 0, 0],
    [30, 0, 1, 0],
    [40, 0, 0, 1],
  ];
  return `${HEADER}${nodeBlock(nodes)}${elementBlock([[1, 3, 10, 20, 30, 40]])}${extra} 9999\n`;
}
