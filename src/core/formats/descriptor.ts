/**
 * What a system says about one of its file formats: how a file is
 * recognised (names and magic), how it is read, what its summary is, which
 * diagnostic codes it reports and where it is documented. The core knows no
 * format; each system exports a list of these (`src/mixed/formats.ts`).
 */
import type { Diagnostic, DiagnosticTable } from "../diagnostics.js";
import type { FileReader } from "../file-source.js";
import type { FileReport } from "../report.js";

/**
 * A content signature: the bytes a file starts with, or a test on its first
 * bytes. `variant` names the encoding it identifies (`binary`, `text`).
 */
export type FormatMagic =
  | { readonly variant: string; readonly bytes: Uint8Array }
  | { readonly variant: string; readonly sniff: (head: Uint8Array) => boolean };

/** What a format's `read` found: the model (undefined when nothing usable), findings and, for text, the source. */
export interface FormatReadResult<M> {
  readonly model: M | undefined;
  /** Offsets are UTF-16 code units of `text` when it is given, else bytes. */
  readonly diagnostics: readonly Diagnostic[];
  /** The decoded source of a text encoding (locates diagnostics by line and column). */
  readonly text?: string | undefined;
  /** The bytes of a text too long for one string (offsets are then bytes). */
  readonly textBytes?: Uint8Array | undefined;
  /** The encoding the content turned out to be, when the format has several. */
  readonly variant?: string | undefined;
  /** Findings in the companion files the file names (a `.pvd`'s data sets), each in its own file. */
  readonly related?: readonly FileReport[] | undefined;
}

/** What a format's reader may use besides the file's bytes. */
export interface FormatReadContext {
  /**
   * Reads the companion files the file names (paths resolved against the
   * file's name, `from` the naming file); absent: companions are not read.
   */
  readonly read?: FileReader;
}

/** One file format of a system. */
export interface FormatDescriptor<M = unknown> {
  /** Stable id, unique across systems, e.g. `amx`, `cad-matrixes`. */
  readonly id: string;
  /** What the file holds, for people, e.g. "mixed animation". */
  readonly label: string;
  /** The label in other languages, by language code (`{ ru: "смешанная анимация" }`). */
  readonly labels?: Readonly<Record<string, string>>;
  /** The system the format belongs to, e.g. `mixed`. */
  readonly system: string;
  /** Lower-case extensions with their dot, e.g. `[".amx"]`. */
  readonly extensions: readonly string[];
  /** Exact file names (compared without case), e.g. `["CAD_Matrixes.dat"]`. */
  readonly fileNames?: readonly string[];
  /** Content signatures, strongest evidence of the format; empty when the content has none. */
  readonly magic?: readonly FormatMagic[];
  /**
   * Whether a file recognised by name alone may hold binary data without a
   * magic (default false: such a file is refused, FMT005, and never read, so
   * its bytes are not echoed in messages).
   */
  readonly binaryWithoutMagic?: boolean;
  /**
   * Reads the whole file; `name` is its path as shown to the user (companions
   * resolve against it). Must not throw.
   */
  read(
    bytes: Uint8Array,
    name: string,
    context?: FormatReadContext,
  ): FormatReadResult<M> | Promise<FormatReadResult<M>>;
  /** A short JSON-able summary of a model (counts, names, times), as the file view shows it. */
  summary(model: M): unknown;
  /** The diagnostic code tables its reader and checks report from. */
  readonly codes: readonly DiagnosticTable[];
  /**
   * Its codes' messages in other languages: by language, by code, a template
   * whose `{name}` placeholders are filled from a diagnostic's `args` (see `./text.ts`).
   */
  readonly messages?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Its page under `docs/formats/`, e.g. `amx.md`. */
  readonly docsPage: string;
  /** The studio workspace that opens such a file (e.g. `mixed`), when one does. */
  readonly workspace?: string;
  /**
   * Whether a file of this format indexes other files: `series`, a time
   * series of data files (a ParaView `.pvd`); `parts`, the pieces or blocks
   * of one data set (a `.vtm`). The studio folds a numbered series under its
   * `series` index and imports a drop holding an index as one data set.
   */
  readonly indexes?: "series" | "parts";
  /**
   * The media type of a file a browser shows as it is (`image/png`): the
   * studio's file view shows an `image/…` file as its picture.
   */
  readonly mediaType?: string;
}

/** A descriptor with its model type erased, as registries hold them. */
export type AnyFormat = FormatDescriptor<unknown>;

/** Declares a format (typed by its model) as an entry of a system's list. */
export function defineFormat<M>(descriptor: FormatDescriptor<M>): AnyFormat {
  return descriptor as AnyFormat;
}

/**
 * A signature for a text encoding whose first word is `word` (after an
 * optional UTF-8 byte order mark and white space).
 */
export function textMagic(variant: string, word: string): FormatMagic {
  const want = [...word].map((c) => c.charCodeAt(0));
  return {
    variant,
    sniff(head) {
      let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
      while (
        i < head.length &&
        (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)
      )
        i++;
      for (let k = 0; k < want.length; k++) if (head[i + k] !== want[k]) return false;
      const after = head[i + want.length];
      return after === undefined || after <= 0x20;
    },
  };
}
