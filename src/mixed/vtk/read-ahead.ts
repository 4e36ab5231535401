/**
 * Reading the files an index names ahead of the parse (decision 213): a
 * `.pvd`, `.series`, `.vtm` or parallel file lists its files before any is
 * read, so their reads are started together, in a window, and each is parsed
 * in order as it is needed. A reader that answers many asks in one request
 * (the studio's `POST /api/read`) then makes a few requests for a series
 * instead of one per file; a local reader overlaps reading with parsing. The
 * window is counted in files and in bytes (about {@link READ_AHEAD.bytes}
 * waiting, from the sizes seen so far), so a series of large files is not
 * held whole in memory. The window is topped up as soon as the first file
 * has arrived (its size known), not when the first group has been parsed, so
 * a series of small files is asked for in two requests (decision 223).
 */
import type { FileReader, FileSource } from "../../core/file-source.js";
import { normalizePath } from "../../core/path.js";

/** Bounds of the read-ahead. */
export const READ_AHEAD = {
  /** Files read ahead before any size is known. */
  first: 16,
  /** Most files read ahead. */
  most: 1024,
  /** Bytes of files read and not yet parsed, about. */
  bytes: 64 * 1024 * 1024,
} as const;

/** Reads ahead the files of an index through `read`; see the module comment. */
export class ReadAhead {
  private readonly queue: { name: string; from: string }[] = [];
  /** Every name queued: a file an index names again is read once (decision 252). */
  private readonly queued = new Set<string>();
  private next = 0;
  private readonly pending = new Map<string, Promise<FileSource>>();
  private seenBytes = 0;
  private seenFiles = 0;

  /** `bounds`: a check's smaller window (decision 299): one file before a size is known, fewer bytes. */
  constructor(
    private readonly read: FileReader | undefined,
    private readonly bounds: { readonly first: number; readonly bytes: number } = READ_AHEAD,
  ) {}

  /** Files `names` (named by `from`) will be asked for in this order: start reading them. */
  plan(names: readonly string[], from: string): void {
    if (!this.read || names.length < 2) return;
    for (const name of names) {
      const key = normalizePath(name);
      if (this.queued.has(key)) continue;
      this.queued.add(key);
      this.queue.push({ name, from });
    }
    this.fill();
  }

  /** The read of `name`: the one started ahead, or a new one. */
  take(name: string, from: string): Promise<FileSource> | undefined {
    const key = normalizePath(name);
    const started = this.pending.get(key);
    if (started) {
      this.pending.delete(key);
      // Refill in groups (half a window at a time), so a batching reader gets many asks at once.
      if (this.pending.size <= this.window() / 2) this.fill();
      return started;
    }
    return this.read?.(name, from);
  }

  /** Files to hold ahead: the byte budget over the mean size seen, within bounds. */
  private window(): number {
    if (this.seenFiles === 0) return this.bounds.first;
    const mean = Math.max(1, this.seenBytes / this.seenFiles);
    return Math.max(1, Math.min(READ_AHEAD.most, Math.floor(this.bounds.bytes / mean)));
  }

  private fill(): void {
    const read = this.read;
    if (!read) return;
    const window = this.window();
    while (this.pending.size < window && this.next < this.queue.length) {
      const { name, from } = this.queue[this.next++]!;
      const key = normalizePath(name);
      if (this.pending.has(key)) continue;
      const started = read(name, from).then(
        (r) => this.seen(r),
        (e: unknown) => ({ status: "unreadable", reason: String(e) }) as const,
      );
      this.pending.set(key, started);
    }
  }

  private seen(r: FileSource): FileSource {
    if (r.status === "ok") {
      this.seenBytes += r.bytes.length;
      // The first size known: the window may be wider than the first group.
      if (this.seenFiles++ === 0) this.fill();
    }
    return r;
  }
}
