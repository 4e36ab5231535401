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
