/**
 * The assembler of the improved engine's scalar WebAssembly (the field's
 * sums, field-wasm.ts; the flow's inversion, invert-wasm.ts): a function
 * body is written as the text format's instruction names, and `assemble`
 * turns them into bytes (no toolchain). One table holds every instruction
 * either uses.
 */
import { sleb, uleb } from "../../core/wasm.js";

/** Instructions without immediates. */
const PLAIN: Record<string, number[]> = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  if: [0x04, 0x40],
  else: [0x05],
  end: [0x0b],
  return: [0x0f],
  select: [0x1b],
  "i32.eqz": [0x45],
  "i32.gt_s": [0x4a],
  "i32.ge_s": [0x4e],
  "i32.clz": [0x67],
  "i32.add": [0x6a],
  "i32.sub": [0x6b],
  "i32.mul": [0x6c],
  "i32.and": [0x71],
  "i32.or": [0x72],
  "i32.xor": [0x73],
  "i32.shl": [0x74],
  "i32.shr_s": [0x75],
  "f64.ne": [0x62],
  "f64.lt": [0x63],
  "f64.gt": [0x64],
  "f64.le": [0x65],
  "f64.ge": [0x66],
  "f64.neg": [0x9a],
  "f64.sqrt": [0x9f],
  "f64.add": [0xa0],
  "f64.sub": [0xa1],
  "f64.mul": [0xa2],
  "f64.div": [0xa3],
  "f64.min": [0xa4],
  "i32.lt_s": [0x48],
  "i32.trunc_sat_f64_s": [0xfc, 0x02],
  "f64.trunc": [0x9d],
  "f32.demote_f64": [0xb6],
  "f64.promote_f32": [0xbb],
  "f64.eq": [0x61],
  "f64.convert_i32_s": [0xb7],
};

/** Instructions with one immediate: the opcode bytes before it. */
const WITH_ARG: Record<string, number[]> = {
  get: [0x20],
  set: [0x21],
  br: [0x0c],
  br_if: [0x0d],
  i32: [0x41],
  f64: [0x44],
  "i32.load": [0x28, 2],
  "f64.load": [0x2b, 3],
  "i32.store": [0x36, 2],
  "f64.store": [0x39, 3],
  "i32.load8_u": [0x2d, 0],
  "f32.load": [0x2a, 2],
  "f32.store": [0x38, 2],
};

/** The bytes of instructions named as in the text format (`;;` comments), locals by name. */
export function assemble(text: string, locals: readonly string[]): number[] {
  const out: number[] = [];
  const tokens = text
    .replace(/;;[^\n]*/g, "")
    .split(/\s+/)
    .filter(Boolean);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    const plain = PLAIN[t];
    if (plain) {
      out.push(...plain);
      continue;
    }
    const head = WITH_ARG[t];
    const arg = tokens[++k];
    if (!head || arg === undefined) throw new Error(`assemble: bad instruction ${t} ${arg}`);
    out.push(...head);
    if (t === "get" || t === "set") {
      const index = locals.indexOf(arg);
      if (index < 0) throw new Error(`assemble: no local ${arg}`);
      out.push(...uleb(index));
    } else if (t === "f64") {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setFloat64(0, Number(arg), true);
      out.push(...b);
    } else if (t === "i32") out.push(...sleb(Number(arg)));
    else out.push(...uleb(Number(arg)));
  }
  return out;
}
