/** The shapes of a share kind (kinds.ts lists the kinds). */
import type { FileReader } from "../../core/file-source.js";
import type { AnyFormat } from "../../core/formats/index.js";
import type { FileReport } from "../../core/report.js";

/** A file offered for sharing. */
export interface ShareInput {
  /** Its path as `read` takes it (and as findings name it). */
  readonly file: string;
  readonly bytes: Uint8Array;
  /** The registry's format of the file (by content, else name), if any. */
  readonly format: AnyFormat | undefined;
  /** Reads the files it names (`read(path, file)`: only beside it unless the user allows more). */
  readonly read: FileReader;
}

/** What a kind put in the page: its element and the bytes that element reads. */
export interface SharePacked {
  /** The custom element's tag (`deforma-live`). */
  readonly element: string;
  /** The data, embedded in the page as base64 and given to the element. */
  readonly payload: Uint8Array;
  /** More attributes of the element (name → value). */
  readonly attributes?: Readonly<Record<string, string>>;
}

/** A kind's answer: the packed page data, or none, with the file's findings either way. */
export interface SharePack {
  readonly packed?: SharePacked | undefined;
  readonly report: FileReport[];
}

/** One kind of shareable file. */
export interface ShareKind {
  /** Its name (`live`, `mesh`, …). */
  readonly id: string;
  /** Whether it takes this file. */
  detect(input: ShareInput): boolean;
  /** Reads the file (and what it names) and packs it; never throws. */
  pack(input: ShareInput): Promise<SharePack>;
}
