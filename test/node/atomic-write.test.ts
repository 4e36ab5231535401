import { spawn } from "node:child_process";
import {
  chmodSync,
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
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  FileExistsError,
  removeDeadTemporaries,
  temporaryPathFor,
  writeFileAtomic,
  writeFolderAtomic,
} from "../../src/node/atomic-write.js";

function scratch(): string {
  return mkdtempSync(join(tmpdir(), "deforma-atomic-"));
}

describe("writeFileAtomic", () => {
  it("a writer killed mid-way leaves the old file intact", async () => {
    const dir = scratch();
    const target = join(dir, "model.amx");
    writeFileSync(target, "OLD CONTENT\n");
    const script = fileURLToPath(new URL("../fixtures/node/slow-writer.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", script, target], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        if (d.toString().includes("writing")) resolve();
      });
      child.on("exit", (code) => reject(new Error(`writer exited early (${code})`)));
    });
    // The temporary file exists and holds the first chunk: the write is really under way.
    const temps = readdirSync(dir).filter((f) => f.endsWith(".tmp"));
    expect(temps).toHaveLength(1);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    expect(readFileSync(target, "utf8")).toBe("OLD CONTENT\n");
  });

  it("does not overwrite unless asked, and leaves no temporary file behind", async () => {
    const dir = scratch();
    const target = join(dir, "a.txt");
    await writeFileAtomic(target, "one\n");
    await expect(writeFileAtomic(target, "two\n")).rejects.toBeInstanceOf(FileExistsError);
    expect(readFileSync(target, "utf8")).toBe("one\n");
    await writeFileAtomic(target, new TextEncoder().encode("three\n"), { overwrite: true });
    expect(readFileSync(target, "utf8")).toBe("three\n");
    expect(readdirSync(dir)).toEqual(["a.txt"]);
  });

  it("removes its temporary file when the data source fails", async () => {
    const dir = scratch();
    async function* failing(): AsyncGenerator<string> {
      yield "partial";
      throw new Error("source broke");
    }
    await expect(writeFileAtomic(join(dir, "b.txt"), failing())).rejects.toThrow("source broke");
    expect(readdirSync(dir)).toEqual([]);
  });

  it("an overwritten file keeps its permission bits", async () => {
    const dir = scratch();
    const target = join(dir, "secret.amx");
    writeFileSync(target, "old\n");
    chmodSync(target, 0o600);
    await writeFileAtomic(target, "new\n", { overwrite: true });
    expect(statSync(target).mode & 0o777).toBe(0o600);
    chmodSync(target, 0o640);
    await writeFileAtomic(target, "newer\n", { overwrite: true });
    expect(statSync(target).mode & 0o777).toBe(0o640);
    expect(readFileSync(target, "utf8")).toBe("newer\n");
  });

  it("writes through a symbolic link (and a chain of them) to the real file; the links stay links", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "real.txt"), "old\n");
    symlinkSync("real.txt", join(dir, "link1.txt"));
    symlinkSync(join(dir, "link1.txt"), join(dir, "link2.txt"));
    await writeFileAtomic(join(dir, "link2.txt"), "new\n", { overwrite: true });
    expect(readFileSync(join(dir, "real.txt"), "utf8")).toBe("new\n");
    expect(lstatSync(join(dir, "link1.txt")).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(dir, "link2.txt")).isSymbolicLink()).toBe(true);
    // Not asked to overwrite: the file behind the link exists, so it is refused.
    await expect(writeFileAtomic(join(dir, "link2.txt"), "x")).rejects.toBeInstanceOf(
      FileExistsError,
    );
    // A dangling link: the file it names is created.
    symlinkSync("made.txt", join(dir, "dangling.txt"));
    await writeFileAtomic(join(dir, "dangling.txt"), "made\n");
    expect(readFileSync(join(dir, "made.txt"), "utf8")).toBe("made\n");
    // A loop is an ELOOP error, and nothing is left behind.
    symlinkSync("loop-b", join(dir, "loop-a"));
    symlinkSync("loop-a", join(dir, "loop-b"));
    await expect(
      writeFileAtomic(join(dir, "loop-a"), "x", { overwrite: true }),
    ).rejects.toMatchObject({
      code: "ELOOP",
    });
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("removes the temporaries of dead writers, not those of live ones", async () => {
    const dir = scratch();
    const dead = ".model.amx.2147483646.0badf00d.tmp";
    const live = `.model.amx.${process.ppid}.0badf00d.tmp`;
    const other = ".notes.2147483646.txt";
    for (const f of [dead, live, other]) writeFileSync(join(dir, f), "x");
    await writeFileAtomic(join(dir, "model.amx"), "new\n");
    expect(readdirSync(dir).sort()).toEqual([live, other, "model.amx"].sort());
    // Once per folder and process: a second sweep does not list the folder again.
    writeFileSync(join(dir, dead), "x");
    expect(await removeDeadTemporaries(dir)).toBe(0);
  });

  it("a target name of 250 bytes still gets a temporary name the file system accepts", async () => {
    const dir = scratch();
    const name = `${"é".repeat(120)}abcdefghij.txt`;
    expect(
      Buffer.byteLength(temporaryPathFor(join(dir, name)).split("/").pop()!),
    ).toBeLessThanOrEqual(255);
    await writeFileAtomic(join(dir, name), "long\n");
    expect(readFileSync(join(dir, name), "utf8")).toBe("long\n");
  });
});

describe("writeFolderAtomic", () => {
  const series = (tag: string) => [
    { name: "s.pvd", data: `pvd ${tag}\n` },
    { name: "body/0.vtu", data: `vtu0 ${tag}\n` },
    { name: "body/1.vtu", data: `vtu1 ${tag}\n` },
  ];

  // decision 101
  it("writes a new folder, and replaces an old one whole (no old file survives)", async () => {
    const dir = scratch();
    const out = join(dir, "v");
    expect(await writeFolderAtomic(out, series("one"))).toBe(3);
    writeFileSync(join(out, "body", "2.vtu"), "stale frame of a longer export\n");
    await expect(writeFolderAtomic(out, series("two"))).rejects.toBeInstanceOf(FileExistsError);
    await writeFolderAtomic(out, series("two"), { overwrite: true });
    expect(readFileSync(join(out, "body", "1.vtu"), "utf8")).toBe("vtu1 two\n");
    expect(readdirSync(join(out, "body")).sort()).toEqual(["0.vtu", "1.vtu"]);
    expect(readdirSync(dir)).toEqual(["v"]);
  });

  it("a write that fails half-way leaves the old series untouched and no staging folder", async () => {
    const dir = scratch();
    const out = join(dir, "v");
    await writeFolderAtomic(out, series("old"));
    function* failing() {
      yield { name: "s.pvd", data: "pvd new\n" };
      yield { name: "body/0.vtu", data: "vtu0 new\n" };
      throw new Error("killed");
    }
    await expect(writeFolderAtomic(out, failing(), { overwrite: true })).rejects.toThrow("killed");
    expect(readFileSync(join(out, "s.pvd"), "utf8")).toBe("pvd old\n");
    expect(readFileSync(join(out, "body", "0.vtu"), "utf8")).toBe("vtu0 old\n");
    expect(readdirSync(dir)).toEqual(["v"]);
  });

  it("the staging folder of a killed writer is removed by the next write there", async () => {
    const dir = scratch();
    const dead = join(dir, ".v.2147483646.0badf00d.tmp");
    mkdirSync(join(dead, "body"), { recursive: true });
    writeFileSync(join(dead, "body", "0.vtu"), "half\n");
    await writeFolderAtomic(join(dir, "v"), series("new"));
    expect(readdirSync(dir)).toEqual(["v"]);
  });
});
