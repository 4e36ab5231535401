import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FileExistsError, writeFileAtomic } from "../../src/node/atomic-write.js";

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
});
