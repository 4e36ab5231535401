/**
 * Hand measurement (not run by CI): writes a text `.agr` of about 1 GB (past
 * V8's longest string) to the temporary folder, then reads it whole in one
 * pass (`readAgr(readFileSync(path))`), on two threads (`readAgrFile` with
 * `splitMinBytes`) or in chunks (`readAgrFile` as it reads by default) and
 * prints the time (wall, and CPU of all threads) and the peak resident memory.
 *
 *   npx tsx scripts/agr-1gb.ts [one|two|chunks] [megabytes]   # default: chunks, 1024
 *
 * Each mode in its own process, for a clean peak; the file is kept for the next
 * run (`DEFORMA_AGR_1GB_KEEP=0` removes it afterwards).
 */
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatFloat32 } from "../src/core/numbers.js";
import { readAgr } from "../src/mixed/agr/index.js";
import { readAgrFile } from "../src/node/agr-file.js";

const mode = process.argv[2] === "one" || process.argv[2] === "two" ? process.argv[2] : "chunks";
const megabytes = Number(process.argv[3] ?? 1024);
const nodes = 1_000_000;
const path = join(tmpdir(), `deforma-agr-${megabytes}mb.agr`);

/** Writes the file in chunks (it is too large for one string). */
function write(): void {
  const fd = openSync(path, "w");
  let chunk: string[] = [];
  let size = 0;
  const put = (s: string) => {
    chunk.push(s);
    if (chunk.length >= 65536) flush();
  };
  const flush = () => {
    const text = chunk.join("");
    size += writeSync(fd, text);
    chunk = [];
  };
  let seed = 1;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  put(`DEFORMA-AGR 1\ntype 1\nnodes ${nodes}\n`);
  for (let i = 0; i < nodes; i++) {
    put(
      `${formatFloat32(Math.fround((i >> 1) * 1e-3))} ${formatFloat32(Math.fround((i & 1) * 1e-2))} 0\n`,
    );
  }
  const quads = (nodes >> 1) - 1;
  put(`cells ${quads}\n`);
  for (let q = 0; q < quads; q++) put(`quad ${2 * q} ${2 * q + 2} ${2 * q + 3} ${2 * q + 1}\n`);
  put("scalars 1\nstrain 1 varying\nvectors 1\ncoordinates m varying\n");
  flush();
  const frame = (f: number): string[] => {
    const lines = [`frame ${f * 0.001}\n`];
    for (let i = 0; i < nodes; i++) lines.push(`${formatFloat32(Math.fround(rnd() * 1e-3))}\n`);
    for (let i = 0; i < nodes; i++) {
      const x = Math.fround((i >> 1) * 1e-3 + rnd() * 1e-4);
      const y = Math.fround((i & 1) * 1e-2 + rnd() * 1e-4);
      lines.push(
        `${formatFloat32(x)} ${formatFloat32(y)} ${formatFloat32(Math.fround(rnd() * 1e-4))}\n`,
      );
    }
    return lines;
  };
  // Frame 0 sets the size of a frame (ASCII: characters are bytes).
  const first = frame(0);
  let perFrame = 0;
  for (const line of first) perFrame += line.length;
  const frames = Math.max(2, Math.round((megabytes * 2 ** 20 - size) / perFrame));
  put(`frames ${frames}\n`);
  for (const line of first) put(line);
  for (let f = 1; f < frames; f++) for (const line of frame(f)) put(line);
  flush();
  closeSync(fd);
}

if (!existsSync(path)) {
  process.stderr.write(`writing ${path} …\n`);
  write();
}
const bytes = statSync(path).size;
const start = performance.now();
const cpu = process.cpuUsage();
const r =
  mode === "one"
    ? readAgr(readFileSync(path))
    : await readAgrFile(path, mode === "two" ? { splitMinBytes: 0 } : {});
const ms = performance.now() - start;
const used = process.cpuUsage(cpu);
const m = r.model;
console.log(
  JSON.stringify({
    mode,
    bytes,
    overStringLimit: bytes > 2 ** 29 - 24,
    ms: Math.round(ms),
    cpuMs: Math.round((used.user + used.system) / 1000),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    diagnostics: r.diagnostics.length,
    nodes: m?.nodeCount,
    frames: m?.times.length,
    values: m ? m.scalarValues[0]!.length + m.vectorValues[0]!.length : 0,
  }),
);
if (process.env.DEFORMA_AGR_1GB_KEEP === "0") rmSync(path);
