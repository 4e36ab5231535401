/**
 * A registry of file formats: which format a file is, from its name and its
 * first bytes. Content (magic) wins over the name; a name alone recognises
 * formats that have no magic.
 */
import { startsWith } from "../bytes.js";
import type { DiagnosticTable } from "../diagnostics.js";
import { baseName } from "../path.js";
import type { AnyFormat, FormatMagic } from "./descriptor.js";

/** How many leading bytes recognition looks at. */
export const HEAD_BYTES = 64;

/** A recognised format, and what gave it away. */
export interface Recognition {
  readonly format: AnyFormat;
  /** The encoding the magic identified (absent when recognised by name). */
  readonly variant?: string;
  /** `content` when a magic matched, else `name`. */
  readonly by: "content" | "name";
  /** The format the name alone would have given, when it differs from the content's. */
  readonly nameSays?: AnyFormat;
}

function magicMatches(m: FormatMagic, head: Uint8Array): boolean {
  return "bytes" in m ? startsWith(head, m.bytes) : m.sniff(head);
}

/** An ordered set of format descriptors with unique ids. */
export class FormatRegistry {
  private readonly list: AnyFormat[] = [];

  /** A registry holding `formats`, in order. */
  constructor(formats: readonly AnyFormat[] = []) {
    for (const f of formats) this.register(f);
  }

  /**
   * Adds a format; returns a function that removes it again. A second format
   * with the same id is refused (throws: a programming error).
   */
  register(format: AnyFormat): () => void {
    if (this.list.some((f) => f.id === format.id)) {
      throw new Error(`format '${format.id}' is registered twice`);
    }
    this.list.push(format);
    return () => {
      const i = this.list.indexOf(format);
      if (i >= 0) this.list.splice(i, 1);
    };
  }

  /** The formats, in registration order. */
  get formats(): readonly AnyFormat[] {
    return this.list;
  }

  /** The format with this id. */
  byId(id: string): AnyFormat | undefined {
    return this.list.find((f) => f.id === id);
  }

  /** The format `path`'s name gives (exact file names first, then the extension). */
  byName(path: string): AnyFormat | undefined {
    return formatByName(this.list, path);
  }

  /** The format of a file named `path` that starts with `head` (see {@link HEAD_BYTES}). */
  recognise(path: string, head: Uint8Array): Recognition | undefined {
    const named = this.byName(path);
    for (const format of this.list) {
      for (const m of format.magic ?? []) {
        if (!magicMatches(m, head)) continue;
        return named && named !== format
          ? { format, variant: m.variant, by: "content", nameSays: named }
          : { format, variant: m.variant, by: "content" };
      }
    }
    return named && { format: named, by: "name" };
  }

  /** Every diagnostic code table with the formats that report from it (a table shared by two formats is listed once). */
  codeTables(): { table: DiagnosticTable; formats: AnyFormat[] }[] {
    const out: { table: DiagnosticTable; formats: AnyFormat[] }[] = [];
    for (const f of this.list) {
      for (const table of f.codes) {
        const entry = out.find((e) => e.table === table);
        if (entry) entry.formats.push(f);
        else out.push({ table, formats: [f] });
      }
    }
    return out;
  }
}

/**
 * Of `formats` (descriptors, or the studio's `FormatInfo`s of them), the one
 * `path`'s name gives: an exact file name first (without case), then an
 * extension. The one rule for recognising a format by name.
 */
export function formatByName<
  F extends { readonly extensions: readonly string[]; readonly fileNames?: readonly string[] },
>(formats: readonly F[], path: string): F | undefined {
  const name = baseName(path).toLowerCase();
  return (
    formats.find((f) => f.fileNames?.some((n) => n.toLowerCase() === name)) ??
    formats.find((f) => f.extensions.some((e) => name.endsWith(e.toLowerCase())))
  );
}

/** The file name or extension that names a format: `.amx`, `CAD_Matrixes.dat` (its id when it has neither). */
export function formatFileName(format: AnyFormat): string {
  return format.fileNames?.[0] ?? format.extensions[0] ?? format.id;
}

/** "a binary .agr (mesh animation)": how messages name a recognised format. */
export function formatPhrase(format: AnyFormat, variant?: string): string {
  const ext = formatFileName(format);
  const first = variant ?? ext;
  // "an .amx", "an XML .vtu", "a binary .agr", "a CAD_Matrixes.dat".
  const article = /^\.?[aeiou]/i.test(first) || /^(XML|SVG)/.test(first) ? "an" : "a";
  return `${article} ${variant ? `${variant} ` : ""}${ext} (${format.label})`;
}
