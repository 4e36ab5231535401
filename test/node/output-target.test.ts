import { spawnSync } from "node:child_process";
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  FileExistsError,
  ReadOnlyTargetError,
  TargetKindError,
  writeFileAtomic,
  writeFolderAtomic,
} from "../../src/node/atomic-write.js";
import { checkTarget } from "../../src/node/output-target.js";

function scratch(): string {
  return mkdtempSync(join(tmpdir(), "deforma-target-"));
}

function fifo(path: string): void {
  const made = spawnSync("mkfifo", [path]);
  expect(made.status, String(made.stderr)).toBe(0);
}

/** An `lstat` result of the given kind, for the kinds a test cannot make (devices, sockets). */
function fakeStats(kind: "char" | "block" | "socket" | "fifo" | "dir" | "file", mode = 0o644) {
  return {
    isFile: () => kind === "file",
    isDirectory: () => kind === "dir",
    isFIFO: () => kind === "fifo",
    isSocket: () => kind === "socket",
    isCharacterDevice: () => kind === "char",
    isBlockDevice: () => kind === "block",
    isSymbolicLink: () => false,
    mode,
    nlink: 1,
  } as unknown as import("node:fs").Stats;
}

const ANY = { overwrite: true, replaceReadOnly: true };

describe("outputs only onto regular files or new names", () => {
  // decision 237
  it("never replaces a FIFO, a folder, or a FIFO behind a link named like a device, even when overwriting", async () => {
    const dir = scratch();
    fifo(join(dir, "pipe"));
    mkdirSync(join(dir, "folder"));
    // As `-o /dev/stdout` with standard output on a device: a link to a node that is no file.
    symlinkSync(join(dir, "pipe"), join(dir, "stdout"));
    for (const name of ["pipe", "folder", "stdout"]) {
      const target = join(dir, name);
      await expect(writeFileAtomic(target, "x", ANY), name).rejects.toBeInstanceOf(TargetKindError);
      await expect(writeFileAtomic(target, "x"), name).rejects.toBeInstanceOf(TargetKindError);
    }
    expect(lstatSync(join(dir, "pipe")).isFIFO()).toBe(true);
    expect(lstatSync(join(dir, "stdout")).isSymbolicLink()).toBe(true);
    expect(statSync(join(dir, "folder")).isDirectory()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["folder", "pipe", "stdout"]);
    await expect(writeFileAtomic(join(dir, "pipe"), "x", ANY)).rejects.toThrow(
      /is a FIFO \(named pipe\), not a regular file/,
    );
  });

  // decision 237
  it("refuses devices and sockets by the node's kind (an injected stat: no real device is touched)", () => {
    const kinds = [
      ["char", "a character device"],
      ["block", "a block device"],
      ["socket", "a socket"],
      ["fifo", "a FIFO (named pipe)"],
      ["dir", "a folder"],
    ] as const;
    for (const [kind, words] of kinds) {
      for (const allowed of [ANY, { overwrite: false, replaceReadOnly: false }]) {
        expect(() => checkTarget("/x/null", fakeStats(kind), true, allowed)).toThrow(
          new TargetKindError("/x/null", words),
        );
      }
    }
    expect(checkTarget("/x/f", fakeStats("file"), true, ANY)).toEqual({
      exists: true,
      readOnly: false,
      links: 1,
    });
    expect(
      checkTarget("/x/new", undefined, true, { overwrite: false, replaceReadOnly: false }),
    ).toEqual({ exists: false, readOnly: false, links: 1 });
  });

  // decision 238
  it("a read-only file is replaced only when that is asked too, and stays read-only", async () => {
    const dir = scratch();
    const target = join(dir, "locked.amx");
    writeFileSync(target, "old\n");
    chmodSync(target, 0o444);
    const refused = writeFileAtomic(target, "new\n", { overwrite: true });
    await expect(refused).rejects.toBeInstanceOf(ReadOnlyTargetError);
    await expect(writeFileAtomic(target, "new\n")).rejects.toMatchObject({ readOnly: true });
    expect(readFileSync(target, "utf8")).toBe("old\n");
    const facts = await writeFileAtomic(target, "new\n", ANY);
    expect(facts.readOnly).toBe(true);
    expect(readFileSync(target, "utf8")).toBe("new\n");
    expect(statSync(target).mode & 0o777).toBe(0o444);
    expect(readdirSync(dir)).toEqual(["locked.amx"]);
  });

  // decision 239
  it("a file with other hard links is replaced by a file of its own, and the caller is told", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.txt"), "old\n");
    linkSync(join(dir, "a.txt"), join(dir, "b.txt"));
    const facts = await writeFileAtomic(join(dir, "a.txt"), "new\n", { overwrite: true });
    expect(facts.links).toBe(2);
    expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("new\n");
    expect(readFileSync(join(dir, "b.txt"), "utf8")).toBe("old\n");
    expect(statSync(join(dir, "b.txt")).nlink).toBe(1);
  });

  // decision 240
  it("a link is replaced, not written through, when the writer asks so (names it chose itself)", async () => {
    const dir = scratch();
    const outside = join(scratch(), "precious.txt");
    writeFileSync(outside, "keep\n");
    symlinkSync(outside, join(dir, "frame.png"));
    await expect(
      writeFileAtomic(join(dir, "frame.png"), "x", { followLinks: false }),
    ).rejects.toBeInstanceOf(FileExistsError);
    await writeFileAtomic(join(dir, "frame.png"), "frame\n", { ...ANY, followLinks: false });
    expect(lstatSync(join(dir, "frame.png")).isFile()).toBe(true);
    expect(readFileSync(join(dir, "frame.png"), "utf8")).toBe("frame\n");
    expect(readFileSync(outside, "utf8")).toBe("keep\n");
  });

  // decision 241
  it("a folder output never replaces a file (or FIFO): only a folder, as an earlier export is", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "notes.txt"), "mine\n");
    fifo(join(dir, "pipe"));
    const files = [{ name: "s.pvd", data: "pvd\n" }];
    for (const name of ["notes.txt", "pipe"]) {
      await expect(
        writeFolderAtomic(join(dir, name), files, { overwrite: true }),
      ).rejects.toBeInstanceOf(TargetKindError);
    }
    expect(readFileSync(join(dir, "notes.txt"), "utf8")).toBe("mine\n");
    expect(lstatSync(join(dir, "pipe")).isFIFO()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["notes.txt", "pipe"]);
  });
});
