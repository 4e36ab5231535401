import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { encodeUtf8 } from "../../src/core/index.js";
import { readAgr, writeAgrBinary, writeAgrText } from "../../src/mixed/agr/index.js";
import { findFrameSplit, readFrameRun } from "../../src/mixed/agr/read-frames.js";
import { FrameArena } from "../../src/mixed/sample/index.js";
import { readAgrFile, readRunInWorker, readShared } from "../../src/node/agr-file.js";
import { framesModel } from "../helpers.js";

function scratchFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "deforma-agr-")), "m.agr");
  writeFileSync(path, text);
  return path;
}

describe("readAgrFile", () => {
  const text = writeAgrText(framesModel(200, 8));

  it("the worker thread reads the frames of a shared buffer as readFrameRun does", async () => {
    const path = scratchFile(text);
    const bytes = readShared(path);
    expect(bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    const at = findFrameSplit(bytes, bytes.length >>> 1);
    const run = await readRunInWorker(bytes, at);
    const here = readFrameRun(encodeUtf8(text), at)!;
    expect(run).toBeDefined();
    expect(Array.from(run!.times)).toEqual(Array.from(here.times));
    expect(Array.from(run!.values)).toEqual(Array.from(here.values));
  });

  // decision 38
  it("gives readAgr's answer, in two parts or one, clean or not", async () => {
    const broken = `${text.slice(0, text.length - 9)} oops 1\n`;
    for (const t of [text, broken, `${text}frame 99 1\n`]) {
      const path = scratchFile(t);
      const one = readAgr(readFileSync(path));
      for (const splitMinBytes of [0, undefined]) {
        const two = await readAgrFile(path, { splitMinBytes });
        expect(two.diagnostics).toEqual(one.diagnostics);
        expect(two.model).toEqual(one.model);
        expect(two.text).toBe(one.text);
      }
    }
  });

  it("reads into an arena: a binary file's arrays are views of it, a text file's are copied in; the model is readAgr's", async () => {
    const model = framesModel(300, 5);
    const files = [
      { bytes: writeAgrBinary(model), binary: true },
      { bytes: encodeUtf8(writeAgrText(model)), binary: false },
    ];
    for (const { bytes, binary } of files) {
      const path = join(mkdtempSync(join(tmpdir(), "deforma-agr-")), "m.agr");
      writeFileSync(path, bytes);
      const arena = FrameArena.create()!;
      const before = arena.size;
      const read = await readAgrFile(path, { arena, splitMinBytes: 0 });
      const one = readAgr(readFileSync(path));
      expect(read.diagnostics).toEqual(one.diagnostics);
      expect(read.model).toEqual(one.model);
      const m = read.model!;
      for (const a of [m.positions, ...m.scalarValues, ...m.vectorValues])
        expect(arena.has(a)).toBe(true);
      // A binary file is read into the arena once (its views need no copy).
      if (binary) expect(arena.size - before).toBeLessThan(bytes.length + 64);
    }
  });

  it("rejects a file that cannot be read", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-agr-"));
    await expect(readAgrFile(join(dir, "none.agr"))).rejects.toThrow();
  });
});
