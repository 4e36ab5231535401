import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { encodeUtf8 } from "../../src/core/index.js";
import {
  ArrayPool,
  type MeshAnimation,
  readAgr,
  writeAgrBinary,
  writeAgrText,
} from "../../src/mixed/agr/index.js";
import { findFrameSplit, readFrameRun } from "../../src/mixed/agr/read-frames.js";
import { FrameArena } from "../../src/mixed/sample/index.js";
import {
  readAgrFile,
  readRunInWorker,
  readShared,
  readWhole,
  readWholeChecked,
} from "../../src/node/agr-file.js";
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
  // decision 309
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

  // decision 381: the number loop's four-digit blocks and end test leave every finding as it was
  it("locates a malformed value among digits as the text reader does, wherever the token ends", async () => {
    const thermal = readFileSync(
      fileURLToPath(new URL("../fixtures/agr/thermal-tets.agr", import.meta.url)),
      "utf8",
    );
    const value = "frame 0\n293.15\n293.15\n";
    expect(thermal).toContain(value);
    for (const bad of [
      "293.1234x678",
      "293.12345678é",
      "293.123,4",
      "293.1e",
      "293.15e+",
      "-.",
      ".e5",
      "+-1",
      "inf",
      "nan",
      "Infinity",
      "1e39",
      "3.4028236e38",
      "0.1234567890123456789e999",
    ]) {
      const text = thermal.replace(value, `frame 0\n293.15\n${bad}\n`);
      const path = scratchFile(text);
      const fromText = readAgr(text);
      const fromFile = await readAgrFile(path);
      expect(
        fromText.diagnostics.map((d) => d.code),
        bad,
      ).toEqual(["AGR006"]);
      expect(fromText.diagnostics[0]!.start, bad).toBe(text.indexOf(bad));
      expect(fromFile.diagnostics, bad).toEqual(fromText.diagnostics);
      expect(fromFile.model, bad).toEqual(fromText.model);
    }
    // Values that are numbers however they are spelled: the same float32 from a file as from the text.
    for (const good of [
      "293.1234567",
      "-0",
      ".5",
      "5.",
      "1e-45",
      "7e-46",
      "3.4028235e38",
      "+0.000012345678901234567",
    ]) {
      const text = thermal.replace(value, `frame 0\n293.15\n${good}\n`);
      const fromFile = await readAgrFile(scratchFile(text));
      expect(fromFile.diagnostics, good).toEqual([]);
      expect(Object.is(fromFile.model!.scalarValues[0]![1], Math.fround(Number(good))), good).toBe(
        true,
      );
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

  // decision 364
  it("reads a binary file into a plain ArrayBuffer (shared memory only for a text in two threads)", async () => {
    const model = framesModel(300, 5);
    const path = scratchFileBytes(writeAgrBinary(model));
    const read = await readAgrFile(path, { splitMinBytes: 0 });
    expect(read.model).toEqual(readAgr(readFileSync(path)).model);
    for (const a of [read.model!.positions, ...read.model!.vectorValues]) {
      expect(a.buffer).toBeInstanceOf(ArrayBuffer);
      expect(a.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    }
    expect(readWhole(path).buffer).toBeInstanceOf(ArrayBuffer);
    expect(readWhole(path, { shared: true }).buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it("rejects a file that cannot be read", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-agr-"));
    await expect(readAgrFile(join(dir, "none.agr"))).rejects.toThrow();
  });
});

/**
 * A clean `.agr` text of `nodes` nodes and `frames` frames (one varying
 * scalar, varying coordinates), made by repeating lines: fast at tens of MB.
 */
function bigText(nodes: number, frames: number): string {
  const xyz = "0.12500000 -2.5000000 3.06250000\n".repeat(nodes);
  const head = `DEFORMA-AGR 1\ntype 1\nnodes ${nodes}\n${xyz}cells 0\nscalars 1\nstrain 1 varying\nvectors 1\ncoordinates m varying\nframes ${frames}\n`;
  const frame = `${"0.0019531250\n".repeat(nodes)}${xyz}`;
  let text = head;
  for (let f = 0; f < frames; f++) text += `frame ${f * 0.5}\n${frame}`;
  return text;
}

describe("readAgrFile without fresh memory", () => {
  it("gives independent models across calls (the reused window buffer aliases nothing)", async () => {
    const a = scratchFile(writeAgrText(framesModel(300, 4)));
    const b = scratchFile(writeAgrText(framesModel(500, 3)));
    const first = (await readAgrFile(a)).model!;
    const second = (await readAgrFile(b)).model!;
    const again = (await readAgrFile(a)).model!;
    expect(again).toEqual(readAgr(readFileSync(a)).model);
    expect(second).toEqual(readAgr(readFileSync(b)).model);
    again.positions.fill(7);
    again.vectorValues[0]!.fill(7);
    expect(first).toEqual(readAgr(readFileSync(a)).model);
    expect(second).toEqual(readAgr(readFileSync(b)).model);
  });

  // decision 310
  it("peaks near the model's bytes, not the file's plus the model's (a child's peak resident memory)", () => {
    const path = scratchFile(bigText(250_000, 6));
    const child = fileURLToPath(new URL("./agr-peak-child.ts", import.meta.url));
    const tsx = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));
    const run = (args: string[]) => {
      const r = spawnSync(process.execPath, [tsx, child, ...args], { encoding: "utf8" });
      expect(r.status).toBe(0);
      return JSON.parse(r.stdout) as { maxRss: number; modelBytes: number };
    };
    const bare = run([]);
    const read = run([path]);
    const file = statSync(path).size;
    expect(read.modelBytes).toBeGreaterThan(20e6);
    expect(file).toBeGreaterThan(2.5 * read.modelBytes);
    // Holding the file and the model would be ≥ 3.5× the model; in chunks ≈ 1×.
    expect((read.maxRss - bare.maxRss) / read.modelBytes).toBeLessThan(1.6);
  }, 120_000);
});

/** Every array buffer region of a model (to check two models share no memory). */
function regions(m: MeshAnimation): [ArrayBufferLike, number, number][] {
  const arrays = [m.positions, m.times, m.cellTypes, m.connectivity, ...m.scalarValues];
  return [...arrays, ...m.vectorValues].map((a) => [a.buffer, a.byteOffset, a.byteLength]);
}

function shareMemory(a: MeshAnimation, b: MeshAnimation): boolean {
  return regions(a).some(([x, o, n]) =>
    regions(b).some(([y, p, k]) => x === y && n > 0 && k > 0 && o < p + k && p < o + n),
  );
}

describe("readAgrFile into a model given up (decision 355)", () => {
  const frame = (k: number) => {
    const m = framesModel(400, 5);
    m.vectorValues[0]!.forEach((v, i, a) => {
      a[i] = v + k;
    });
    return m;
  };

  // decision 355
  it("reads a binary frame into the buffer of the one before: the same ArrayBuffer, readAgr's model", async () => {
    const [a, b] = [0, 1].map((k) => scratchFileBytes(writeAgrBinary(frame(k))));
    const first = (await readAgrFile(a!)).model!;
    const buffer = first.positions.buffer;
    const second = (await readAgrFile(b!, { into: first })).model!;
    expect(second.positions.buffer).toBe(buffer);
    expect(second.vectorValues[0]!.buffer).toBe(buffer);
    expect(second).toEqual(readAgr(readFileSync(b!)).model);
    // A larger file does not fit: fresh memory.
    const big = scratchFileBytes(writeAgrBinary(framesModel(900, 5)));
    const third = (await readAgrFile(big, { into: second })).model!;
    expect(third.positions.buffer).not.toBe(buffer);
    expect(third).toEqual(readAgr(readFileSync(big)).model);
  });

  it("reads a text frame into the arrays of the one before, of the same shape", async () => {
    const [a, b] = [0, 1].map((k) => scratchFile(writeAgrText(frame(k))));
    const first = (await readAgrFile(a!)).model!;
    const buffers = (m: MeshAnimation) =>
      [m.positions, m.times, m.scalarValues[0]!, m.vectorValues[0]!].map((x) => x.buffer);
    const before = buffers(first);
    const second = (await readAgrFile(b!, { into: first })).model!;
    const after = buffers(second);
    after.forEach((x, i) => {
      expect(x).toBe(before[i]);
    });
    expect(second).toEqual(readAgr(readFileSync(b!)).model);
  });

  it("a live model never shares memory with another, and a read with findings leaves no old value", async () => {
    const text = writeAgrText(frame(2));
    const broken = scratchFile(`${text.slice(0, text.length - 9)} oops 1\n`);
    const clean = scratchFile(text);
    for (const encode of [(m: MeshAnimation) => writeAgrText(m), writeAgrBinary]) {
      const path = scratchFileBytes(encode(frame(3)));
      const given = (await readAgrFile(path)).model!;
      const kept = (await readAgrFile(path)).model!;
      const next = (await readAgrFile(clean, { into: given })).model!;
      expect(shareMemory(next, kept)).toBe(false);
      const other = (await readAgrFile(clean)).model!;
      expect(shareMemory(next, other)).toBe(false);
      const fromBroken = await readAgrFile(broken, { into: next });
      const one = readAgr(readFileSync(broken));
      expect(fromBroken.diagnostics).toEqual(one.diagnostics);
      expect(fromBroken.model).toEqual(one.model);
      expect(shareMemory(fromBroken.model!, other)).toBe(false);
      expect(kept).toEqual(readAgr(readFileSync(path)).model);
    }
  });

  it("the pool hands an array out once, even when a model names it twice", () => {
    const m = framesModel(10, 2);
    const shared = { ...m, scalarValues: [m.vectorValues[0]!.subarray(0, 20)] };
    const pool = ArrayPool.of(shared);
    expect(pool.size).toBe(3);
    // The vectors overlap the scalar view pooled before them: left out.
    expect(pool.take(Float32Array, 60)).not.toBe(m.vectorValues[0]);
    const v = pool.take(Float32Array, 20);
    expect(v).toBe(shared.scalarValues[0]);
    expect(pool.take(Float32Array, 20)).not.toBe(v);
  });
});

function scratchFileBytes(data: string | Uint8Array): string {
  const path = join(mkdtempSync(join(tmpdir(), "deforma-agr-")), "m.agr");
  writeFileSync(path, data);
  return path;
}

describe("the bench's all threads (decision 356)", () => {
  // decision 356
  it("is readAgrFile's default, one pass in windows (two threads never won), with readAgr's answer", async () => {
    const { ALL_THREADS } = await import("../../bench/agr-limits.js");
    expect(ALL_THREADS).toEqual({});
    const path = scratchFile(writeAgrText(framesModel(300, 6)));
    const read = await readAgrFile(path, ALL_THREADS);
    expect(read.model).toEqual(readAgr(readFileSync(path)).model);
  });
});

// decision 391
describe("a binary file's values checked piece by piece as they are read (decision 391)", () => {
  const model = framesModel(20_000, 10);
  const clean = writeAgrBinary(model);
  /** File offset of value `i` of each float array of the model read from `clean`. */
  const arrays = (() => {
    const m = readAgr(clean).model!;
    return [m.positions, m.scalarValues[0]!, m.vectorValues[0]!].map((a) => ({
      at: a.byteOffset - clean.byteOffset,
      length: a.length,
    }));
  })();
  const piece = 2 ** 20;

  it("knows a clean file's values finite, in fresh memory, an arena and a reused buffer", async () => {
    expect(clean.length).toBeGreaterThan(3 * piece);
    const path = scratchFileBytes(clean);
    expect(readWholeChecked(path).valuesFinite).toBe(true);
    const arena = FrameArena.create()!;
    expect(readWholeChecked(path, { arena }).valuesFinite).toBe(true);
    const reuse = new Uint8Array(clean.length + 64);
    const read = readWholeChecked(path, { reuse });
    expect(read.valuesFinite).toBe(true);
    expect(read.bytes.buffer).toBe(reuse.buffer);
    const got = await readAgrFile(path);
    expect(got.diagnostics).toEqual([]);
    const want = readAgr(clean).model!;
    expect(Buffer.from(got.model!.positions.buffer).equals(clean)).toBe(true);
    expect({ ...got.model, positions: 0, scalarValues: 0, vectorValues: 0 }).toEqual({
      ...want,
      positions: 0,
      scalarValues: 0,
      vectorValues: 0,
    });
  });

  it("leaves a NaN or infinity anywhere to the located check: readAgr's findings and model", async () => {
    const places: [number, number][] = [];
    arrays.forEach(({ at, length }, k) => {
      places.push([k, 0], [k, length - 1]);
      // The values either side of every piece boundary inside this array.
      for (let b = piece; b < at + 4 * length; b += piece) {
        const i = (b - at) / 4;
        if (i >= 1 && i < length) places.push([k, i - 1], [k, i]);
      }
    });
    expect(places.length).toBeGreaterThan(10);
    const same = (a: Float32Array, b: Float32Array) =>
      Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
        Buffer.from(b.buffer, b.byteOffset, b.byteLength),
      );
    for (const [n, [k, i]] of places.entries()) {
      const bytes = clean.slice();
      const bad = n % 2 ? Number.NaN : Number.NEGATIVE_INFINITY;
      new DataView(bytes.buffer).setFloat32(arrays[k]!.at + 4 * i, bad, true);
      const path = scratchFileBytes(bytes);
      expect(readWholeChecked(path).valuesFinite).toBe(false);
      const want = readAgr(bytes);
      expect(want.diagnostics).toHaveLength(1);
      const got = await readAgrFile(path);
      expect(got.diagnostics).toEqual(want.diagnostics);
      const [g, w] = [got.model!, want.model!];
      expect(same(g.positions, w.positions)).toBe(true);
      expect(same(g.scalarValues[0]!, w.scalarValues[0]!)).toBe(true);
      expect(same(g.vectorValues[0]!, w.vectorValues[0]!)).toBe(true);
    }
  });

  it("knows nothing of a text, a truncated file or one whose header cannot be read", async () => {
    const text = scratchFile(writeAgrText(framesModel(300, 4)));
    expect(readWholeChecked(text).valuesFinite).toBe(false);
    const cut = clean.subarray(0, clean.length - 4);
    const badHeader = clean.slice();
    new DataView(badHeader.buffer).setUint32(32, 0xffffffff, true);
    for (const bytes of [cut, badHeader, clean.subarray(0, 20)]) {
      const path = scratchFileBytes(bytes);
      expect(readWholeChecked(path).valuesFinite).toBe(false);
      const got = await readAgrFile(path);
      const want = readAgr(bytes.slice());
      expect(got.diagnostics).toEqual(want.diagnostics);
      expect(got.diagnostics.length).toBeGreaterThan(0);
    }
  });
});
