/**
 * A small WebAssembly encoder: enough to write numeric kernels (with SIMD)
 * by hand as instruction lists and get a module's bytes. A module imports one
 * memory and exports its functions by name. The opcode
 * numbers are the WebAssembly core and fixed-width SIMD specifications'.
 */

/** Value types. */
export const I32 = 0x7f;
export const F64 = 0x7c;
export const V128 = 0x7b;
export type ValueType = typeof I32 | typeof F64 | typeof V128;

/** One function: parameters, extra locals, body (without the final `end`). */
export interface WasmFunction {
  readonly name: string;
  readonly params: readonly ValueType[];
  readonly locals: readonly ValueType[];
  readonly body: readonly number[];
  /** What it returns (none when left out). */
  readonly results?: readonly ValueType[];
}

/** Unsigned LEB128. */
export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 of an integer (an i32 or i64 constant). */
export function sleb(value: number | bigint): number[] {
  const out: number[] = [];
  let n = BigInt(value);
  for (;;) {
    const byte = Number(n & 0x7fn);
    n >>= 7n;
    if ((n === 0n && (byte & 0x40) === 0) || (n === -1n && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

const section = (id: number, content: number[]): number[] => [
  id,
  ...uleb(content.length),
  ...content,
];
const vector = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const name = (s: string): number[] => {
  const b = [...new TextEncoder().encode(s)];
  return [...uleb(b.length), ...b];
};

/** The memory a module imports: `module.name`, its size limits in 64 KiB pages, shared or not. */
export interface MemoryImport {
  readonly module: string;
  readonly name: string;
  readonly minPages: number;
  readonly maxPages?: number;
  /** A shared memory (needs `maxPages`). */
  readonly shared?: boolean;
}

/** The bytes of a module importing `memory`, with `functions` exported by name. */
export function wasmModule(
  functions: readonly WasmFunction[],
  memory: MemoryImport,
): Uint8Array<ArrayBuffer> {
  const types = functions.map((f) => [
    0x60,
    ...vector(f.params.map((t) => [t])),
    ...vector((f.results ?? []).map((t) => [t])),
  ]);
  const { maxPages } = memory;
  const limits =
    maxPages === undefined
      ? [0x00, ...uleb(memory.minPages)]
      : [memory.shared ? 0x03 : 0x01, ...uleb(memory.minPages), ...uleb(maxPages)];
  const memoryImport = [...name(memory.module), ...name(memory.name), 0x02, ...limits];
  const bodies = functions.map((f) => {
    // Locals in runs of one type each (simple and valid).
    const locals = vector(f.locals.map((t) => [1, t]));
    const code = [...locals, ...f.body, 0x0b];
    return [...uleb(code.length), ...code];
  });
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vector(types)),
    ...section(2, vector([memoryImport])),
    ...section(3, vector(functions.map((_, i) => uleb(i)))),
    ...section(7, vector(functions.map((f, i) => [...name(f.name), 0x00, ...uleb(i)]))),
    ...section(10, vector(bodies)),
  ]);
}

/** A SIMD instruction's prefix and opcode (the opcode is LEB128: 0x80 and up take two bytes). */
const simd = (opcode: number): number[] => [0xfd, ...uleb(opcode)];

/** Instructions (each returns its bytes). */
export const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, ...uleb(depth)],
  brIf: (depth: number) => [0x0d, ...uleb(depth)],
  select: [0x1b],
  get: (local: number) => [0x20, ...uleb(local)],
  set: (local: number) => [0x21, ...uleb(local)],
  i32: (n: number) => [0x41, ...sleb(n)],
  f64: (x: number) => {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setFloat64(0, x, true);
    return [0x44, ...b];
  },
  /** `f32.load` / `f32.store` at a byte offset from the address on the stack. */
  f32Load: (offset = 0) => [0x2a, 0x02, ...uleb(offset)],
  f32Store: (offset = 0) => [0x38, 0x02, ...uleb(offset)],
  i32Eqz: [0x45],
  i32Add: [0x6a],
  i32Shl: [0x74],
  i32LtU: [0x49],
  f64Add: [0xa0],
  f64Sub: [0xa1],
  f64Mul: [0xa2],
  f64Lt: [0x63],
  f64Ge: [0x66],
  f32DemoteF64: [0xb6],
  f64PromoteF32: [0xbb],
  i32TruncSatF64S: [0xfc, 0x02],
  // SIMD (prefix 0xfd).
  v128Load: (offset = 0) => [...simd(0x00), 0x00, ...uleb(offset)],
  v128Store: (offset = 0) => [...simd(0x0b), 0x00, ...uleb(offset)],
  v128Load64Zero: (offset = 0) => [...simd(0x5d), 0x00, ...uleb(offset)],
  v128Store64Lane: (lane: number, offset = 0) => [...simd(0x5b), 0x00, ...uleb(offset), lane],
  v128Store32Lane: (lane: number, offset = 0) => [...simd(0x5a), 0x00, ...uleb(offset), lane],
  /** `i8x16.shuffle` with 16 byte lanes (0–15 the first operand's, 16–31 the second's). */
  shuffle: (lanes: readonly number[]) => [...simd(0x0d), ...lanes],
  f64x2Splat: [...simd(0x14)],
  f64x2ExtractLane: (lane: number) => [...simd(0x21), lane],
  f64x2ReplaceLane: (lane: number) => [...simd(0x22), lane],
  f64x2Add: [...simd(0xf0)],
  f64x2Sub: [...simd(0xf1)],
  f64x2Mul: [...simd(0xf2)],
  f32x4DemoteF64x2Zero: [...simd(0x5e)],
  f64x2PromoteLowF32x4: [...simd(0x5f)],
} as const;

/** The instructions of `parts` in one list. */
export function code(...parts: (readonly number[])[]): number[] {
  return parts.flat();
}

/** `local += by` (an i32 local). */
export const increment = (local: number, by: number): number[] =>
  code(op.get(local), op.i32(by), op.i32Add, op.set(local));

/** `block loop (exit when i32 local n is 0) body; n -= 1 … end end`. */
export const countDown = (n: number, body: readonly number[]): number[] =>
  code(
    op.block,
    op.loop,
    op.get(n),
    op.i32Eqz,
    op.brIf(1),
    body,
    increment(n, -1),
    op.br(0),
    op.end,
    op.end,
  );
