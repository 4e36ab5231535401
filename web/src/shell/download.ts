/** Download helpers: hand a blob to the browser as a file the user saves. */
import { h } from "../dom.js";

/** Offers `blob` to the user as a download named `name`. */
export function downloadBlob(blob: Blob, name: string): void {
  const a = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Offers bytes as a download named `name` with MIME type `type`. */
export function downloadBytes(bytes: Uint8Array, name: string, type: string): void {
  downloadBlob(new Blob([bytes as BlobPart], { type }), name);
}

/** `path`'s file name without folder and extension (`a/b/model.amx` → `model`). */
export function baseName(path: string): string {
  return path.replace(/.*\//, "").replace(/\.[^.]*$/, "");
}

/** `path`'s folder with a trailing `/`, or "" at the project's top level. */
export function folderOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i + 1);
}
