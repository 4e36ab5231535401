/**
 * The blocks of a `.vtm` multiblock index: every DataSet that names a file,
 * with the names and index path that lead to it, and the choice of the ones
 * a `--block` asks for. Pure over the parsed XML; the reading is read-session.ts.
 */
import { attr, type XmlElement } from "../../core/xml.js";

/** A DataSet with a file: the names on its way (its own and its Blocks' and Pieces') and its index path. */
export interface BlockSet {
  readonly e: XmlElement;
  readonly names: string[];
  readonly path: string;
}

/** Whether `name` is an element that takes a place in the index path. */
function indexed(name: string): boolean {
  return name === "Block" || name === "Piece" || name === "DataSet";
}

/** Every DataSet with a file under `root`, depth first in document order (an explicit stack: no recursion on the file's depth). */
export function blockSets(root: XmlElement | undefined): BlockSet[] {
  const sets: BlockSet[] = [];
  const todo: BlockSet[] = root ? [{ e: root, names: [], path: "" }] : [];
  while (todo.length > 0) {
    const { e, names, path } = todo.pop()!;
    const nested = indexed(e.name);
    const children: BlockSet[] = e.children.map((c, k) => {
      const n = attr(c, "name");
      const at = nested || indexed(c.name);
      const index = attr(c, "index") ?? String(k);
      return {
        e: c,
        names: n ? [...names, n] : names,
        path: at ? (path ? `${path}/${index}` : index) : path,
      };
    });
    if (e.name === "DataSet" && attr(e, "file")) sets.push({ e, names, path });
    else for (let k = children.length - 1; k >= 0; k--) todo.push(children[k]!);
  }
  return sets;
}

/** The sets `wanted` names (by a name on the way, its index path or a path above it); all when undefined. */
export function chooseBlocks(sets: readonly BlockSet[], wanted: string | undefined): BlockSet[] {
  if (wanted === undefined) return [...sets];
  return sets.filter(
    (s) => s.names.includes(wanted) || s.path === wanted || s.path.startsWith(`${wanted}/`),
  );
}

/** Why nothing was chosen: the message of the VTK block diagnostic. */
export function noBlockMessage(sets: readonly BlockSet[], wanted: string | undefined): string {
  const names = sets.map((s) => `'${s.names.join("/")}' (${s.path})`).join(", ");
  return wanted !== undefined
    ? `no block named or at '${wanted}' (blocks: ${names || "none"})`
    : "the multiblock names no file";
}
