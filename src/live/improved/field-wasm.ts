/**
 * The field evaluator's weighted sums (field.ts, `FieldEvaluator.eval`) in
 * WebAssembly, scalar float64: the segments relative to v and v's sides of
 * them, the forced sides, each point's blocking test and fades, and the
 * twelve sums, with the same operations in the same order as the
 * JavaScript. IEEE add, subtract, multiply, divide and square root are exact
 * in both; `f64.min` is `Math.min` (NaN and −0 included, and a NaN there
 * never reaches a factor); each ternary is a `select` of the same values.
 * The body is written below in the WebAssembly text format's instruction
 * names (one function, no toolchain: `assemble` turns the names into
 * bytes; asm.ts). The geometry is copied into the module's memory
 * once per `FieldGeometry.update`, the mask once per `useMask`; a module is
 * compiled per memory layout, its addresses and counts written in as
 * constants (decision 418).
 */
import { wasmModule } from "../../core/wasm.js";
import { assemble } from "./asm.js";
import type { FieldGeometry } from "./geometry.js";

/** Locals after the parameters X, Y (f64): i32 ones, then f64 ones (S0–S11 the sums). */
const I32_LOCALS =
  "N NS WORDS FORCED PTS SEG AV ORI POS NEG MASK FSEG FSIDE VPOS VNEG CS C1S C2S SUMS " +
  "I S WD IW CAND LOW NC J A1 A2 WA BLK F BIT VP VN";
const F64_LOCALS =
  "PX PY D2 C1 C2 C E1 E2 DIFF PAST A OP R Q WT WPX WPY DX DY AX AY O2 " +
  "S0 S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 S11";
/** The header: i32 slots at bytes 0, 4, … (the counts, then the arrays' byte addresses). */
const HEADER_SLOTS = I32_LOCALS.split(" ").slice(0, 19);
/** Bytes before the arrays. */
const HEADER = 128;
/** Forced segments at most (FieldEvaluator's). */
const MAX_FORCED = 8;

/** |v| as the JavaScript `v < 0 ? −v : v`. */
const abs = (v: string) => `get ${v} f64.neg get ${v} get ${v} f64 0 f64.lt select`;
/** The side-bit word of segment S (byte offset in local WD) of array `base`: `|= BIT`, `&= ~BIT`. */
const orBit = (base: string) =>
  `get ${base} get WD i32.add set WA get WA get WA i32.load 0 get BIT i32.or i32.store 0`;
const clearBit = (base: string) =>
  `get ${base} get WD i32.add set WA get WA get WA i32.load 0 get BIT i32 -1 i32.xor i32.and i32.store 0`;
/** `for (L = 0; L < END; L++) body`. */
const upTo = (l: string, end: string, body: string) =>
  `i32 0 set ${l} block loop get ${l} get ${end} i32.ge_s br_if 1 ${body}
   get ${l} i32 1 i32.add set ${l} br 0 end end`;

/** `FieldEvaluator.sides`: the segments relative to v, v's side bits, the forced sides. */
const SIDES = `
  ${upTo("WD", "WORDS", "get VPOS get WD i32 2 i32.shl i32.add i32 0 i32.store 0 get VNEG get WD i32 2 i32.shl i32.add i32 0 i32.store 0")}
  ${upTo(
    "S",
    "NS",
    `get SEG get S i32 40 i32.mul i32.add set A1
    get AV get S i32 40 i32.mul i32.add set A2
    get A1 f64.load 0 get X f64.sub set AX
    get A1 f64.load 8 get Y f64.sub set AY
    get A2 get AX f64.store 0
    get A2 get AY f64.store 8
    get A2 get AX get A1 f64.load 16 f64.add f64.store 16
    get A2 get AY get A1 f64.load 24 f64.add f64.store 24
    get A1 f64.load 24 get AX f64.mul get A1 f64.load 16 get AY f64.mul f64.sub set O2
    get A2 ${abs("O2")} f64.store 32
    i32 1 get S i32.shl set BIT
    get S i32 5 i32.shr_s i32 2 i32.shl set WD
    get O2 f64 0 f64.gt
    if ${orBit("VPOS")} else get O2 f64 0 f64.lt if ${orBit("VNEG")} end end`,
  )}
  ${upTo(
    "F",
    "FORCED",
    `get FSEG get F i32 2 i32.shl i32.add i32.load 0 set S
    i32 1 get S i32.shl set BIT
    get S i32 5 i32.shr_s i32 2 i32.shl set WD
    ${clearBit("VPOS")} ${clearBit("VNEG")}
    get FSIDE get F i32 2 i32.shl i32.add i32.load 0 i32 0 i32.gt_s
    if ${orBit("VPOS")} else ${orBit("VNEG")} end`,
  )}`;

/** The fades of point I's NC listed candidates, multiplied into C. */
const FADES = `
  ${upTo(
    "J",
    "NC",
    `get CS get J i32 2 i32.shl i32.add i32.load 0 set S
    get C1S get J i32 3 i32.shl i32.add f64.load 0 set C1
    get C2S get J i32 3 i32.shl i32.add f64.load 0 set C2
    ${abs("C1")} set E1 ${abs("C2")} set E2
    get E2 get E1 f64.sub get E1 get E2 f64.sub get E1 get E2 f64.lt select set DIFF
    get E1 get E2 f64.min get SEG get S i32 40 i32.mul i32.add f64.load 32 f64.mul set PAST
    get PAST f64 24 get DIFF f64.mul f64.ge i32.eqz
    if
      get R f64 0 f64.lt if get D2 f64.sqrt set R end
      get AV get S i32 40 i32.mul i32.add f64.load 32 set A
      get ORI get I get NS i32.mul get S i32.add i32 3 i32.shl i32.add f64.load 0 set OP
      ;; lim = min(0.5·A·R / (A + |OP|), 24): 24 without the division when the numerator is
      ;; over 24·(1 + 2^-30) times the denominator (then the quotient is over 24 whatever the rounding)
      f64 0.5 get A f64.mul get R f64.mul set E1 get A ${abs("OP")} f64.add set E2
      get E1 get E2 f64 24 f64.mul f64 1.000000000931322574615478515625 f64.mul f64.gt
      if f64 24 set Q else get E1 get E2 f64.div f64 24 f64.min set Q end
      get Q get DIFF f64.mul set Q
      get PAST get Q f64.div set Q
      get Q f64 1 f64.lt
      if get C get Q get Q f64.mul f64 2 get Q get Q f64.mul f64.sub f64.mul f64.mul set C end
    end`,
  )}`;

/**
 * Point I's cut factor C, word by word of its candidate segments while C > 0
 * (as the JavaScript): BLK = 1 when one of the word's blocks, else the
 * word's NC candidates are listed with c1, c2 and their fades taken. With
 * one mask word (`one`, decision 420) the word's loop is left out: its only
 * pass is the first, where C = 1.
 */
const factor = (one: boolean) => `
  i32 0 set BLK f64 1 set C f64 -1 set R
  block i32 0 set WD
    ${one ? "" : "loop get WD get WORDS i32.ge_s br_if 1 get C f64 0 f64.gt i32.eqz br_if 1"}
    i32 0 set NC
    get I get WORDS i32.mul get WD i32.add i32 2 i32.shl set IW
    get POS get IW i32.add i32.load 0 ${one ? "get VN" : "get VNEG get WD i32 2 i32.shl i32.add i32.load 0"} i32.and
    get NEG get IW i32.add i32.load 0 ${one ? "get VP" : "get VPOS get WD i32 2 i32.shl i32.add i32.load 0"} i32.and
    i32.or get MASK get IW i32.add i32.load 0 i32.and set CAND
    block loop get CAND i32.eqz br_if 1
      get CAND i32 0 get CAND i32.sub i32.and set LOW
      get CAND get LOW i32.xor set CAND
      get WD i32 5 i32.shl i32 31 i32.add get LOW i32.clz i32.sub set S
      get AV get S i32 40 i32.mul i32.add set A2
      get PX get A2 f64.load 8 f64.mul get PY get A2 f64.load 0 f64.mul f64.sub set C1
      get PX get A2 f64.load 24 f64.mul get PY get A2 f64.load 16 f64.mul f64.sub set C2
      ;; c1 <= 0 ? c2 >= 0 : c2 <= 0
      get C2 f64 0 f64.ge get C2 f64 0 f64.le get C1 f64 0 f64.le select
      if i32 1 set BLK br ${one ? 3 : 4} end
      get CS get NC i32 2 i32.shl i32.add get S i32.store 0
      get C1S get NC i32 3 i32.shl i32.add get C1 f64.store 0
      get C2S get NC i32 3 i32.shl i32.add get C2 f64.store 0
      get NC i32 1 i32.add set NC
    br 0 end end
    ${FADES}
  ${one ? "" : "get WD i32 1 i32.add set WD br 0 end"} end`;

/** Point I's weight added to the sums S0–S11 (affineMotion's order). */
const ACCUMULATE = `
  get C get D2 f64.div set WT get WT get PX f64.mul set WPX get WT get PY f64.mul set WPY
  get A1 f64.load 16 set DX get A1 f64.load 24 set DY
  get S0 get WT f64.add set S0 get S1 get WPX f64.add set S1 get S2 get WPY f64.add set S2
  get S3 get WPX get PX f64.mul f64.add set S3 get S4 get WPX get PY f64.mul f64.add set S4
  get S5 get WPY get PY f64.mul f64.add set S5
  get S6 get WT get DX f64.mul f64.add set S6 get S7 get WT get DY f64.mul f64.add set S7
  get S8 get WPX get DX f64.mul f64.add set S8 get S9 get WPX get DY f64.mul f64.add set S9
  get S10 get WPY get DX f64.mul f64.add set S10 get S11 get WPY get DY f64.mul f64.add set S11`;

/** The function `sums(x, y)`: −1 with the sums written, or the index of the point v is on. */
const body = (one: boolean) => `
  ${HEADER_SLOTS.map((s, k) => `i32 0 i32.load ${4 * k} set ${s}`).join(" ")}
  ${SIDES}
  ${one ? "get VPOS i32.load 0 set VP get VNEG i32.load 0 set VN" : ""}
  ${upTo(
    "I",
    "N",
    `get PTS get I i32 32 i32.mul i32.add set A1
    get A1 f64.load 0 get X f64.sub set PX
    get A1 f64.load 8 get Y f64.sub set PY
    get PX get PX f64.mul get PY get PY f64.mul f64.add set D2
    get D2 f64 1e-18 f64.lt if get I return end
    ${factor(one)}
    get BLK i32.eqz if get C f64 0 f64.ne if ${ACCUMULATE} end end`,
  )}
  ${Array.from({ length: 12 }, (_, k) => `get SUMS get S${k} f64.store ${8 * k}`).join(" ")}
  i32 -1`;

/** Modules by layout (the constants of {@link moduleText}); null where WebAssembly is missing. */
const compiled = new Map<string, WebAssembly.Module | null>();

/**
 * The body with the slots in `constants` (the arrays' addresses, the point
 * and word counts, fixed for one geometry) written as constants instead of
 * header loads (decision 418): fewer live locals in the loops.
 */
function moduleText(constants: Record<string, number>): string {
  const names = Object.keys(constants);
  const text = body(constants.WORDS === 1);
  if (names.length === 0) return text;
  const header = new RegExp(`i32 0 i32\\.load \\d+ set (${names.join("|")})\\b`, "g");
  const uses = new RegExp(`\\bget (${names.join("|")})\\b`, "g");
  return text.replace(header, "").replace(uses, (_, name: string) => `i32 ${constants[name]}`);
}

/** The module for `constants` (see {@link moduleText}), compiled on first use; null where WebAssembly is missing. */
export function fieldModule(constants: Record<string, number> = {}): WebAssembly.Module | null {
  const key = JSON.stringify(constants);
  const known = compiled.get(key);
  if (known !== undefined) return known;
  let module: WebAssembly.Module | null = null;
  try {
    const i32s = I32_LOCALS.split(" ");
    const f64s = F64_LOCALS.split(" ");
    const body = assemble(moduleText(constants), ["X", "Y", ...i32s, ...f64s]);
    const locals = [...i32s.map(() => 0x7f as const), ...f64s.map(() => 0x7c as const)];
    const bytes = wasmModule(
      [{ name: "sums", params: [0x7c, 0x7c], locals, body, results: [0x7f] }],
      {
        module: "e",
        name: "m",
        minPages: 1,
      },
    );
    if (typeof WebAssembly !== "undefined" && WebAssembly.validate(bytes)) {
      module = new WebAssembly.Module(bytes);
    }
  } catch {
    module = null;
  }
  if (compiled.size >= 32) compiled.clear();
  compiled.set(key, module);
  return module;
}

/**
 * The module's instance for one geometry, with its memory laid out as the
 * header says; `sums` runs it at v = (x, y) after `load`, `setMask` and the
 * forced sides.
 */
export class FieldWasm {
  /** The twelve sums of the last `run` (affineMotion's order). */
  readonly sums: Float64Array;
  private readonly f: Float64Array;
  private readonly i: Int32Array;
  /** Byte addresses of the arrays, by header slot. */
  private readonly at: Record<string, number>;
  private readonly run: (x: number, y: number) => number;
  /** The geometry version last copied in. */
  private loaded = -1;

  constructor(
    private readonly g: FieldGeometry,
    constants: boolean,
  ) {
    const { n, words } = g;
    const segs = Math.max(1, g.sax.length);
    const sizes: [string, number][] = [
      ["PTS", n * 32],
      ["SEG", segs * 40],
      ["AV", segs * 40],
      ["ORI", n * segs * 8],
      ["C1S", segs * 8],
      ["C2S", segs * 8],
      ["SUMS", 96],
      ["POS", n * words * 4],
      ["NEG", n * words * 4],
      ["MASK", n * words * 4],
      ["FSEG", MAX_FORCED * 4],
      ["FSIDE", MAX_FORCED * 4],
      ["VPOS", words * 4],
      ["VNEG", words * 4],
      ["CS", segs * 4],
    ];
    const at: Record<string, number> = {};
    let end = HEADER;
    for (const [name, size] of sizes) {
      at[name] = end;
      end += size;
    }
    this.at = at;
    const fixed: Record<string, number> = {};
    if (constants) {
      for (const [name] of sizes) fixed[name] = at[name]!;
      fixed.N = n;
      fixed.WORDS = words;
    }
    const module = fieldModule(fixed);
    if (!module) throw new Error("no WebAssembly");
    const memory = new WebAssembly.Memory({ initial: Math.ceil(end / 65536) });
    const instance = new WebAssembly.Instance(module, { e: { m: memory } });
    this.run = instance.exports.sums as (x: number, y: number) => number;
    this.f = new Float64Array(memory.buffer);
    this.i = new Int32Array(memory.buffer);
    this.sums = new Float64Array(memory.buffer, at.SUMS!, 12);
    HEADER_SLOTS.forEach((s, k) => {
      if (k > 3) this.i[k] = at[s]!;
    });
    this.i[0] = n;
    this.i[2] = words;
  }

  /** Copies the geometry in when it has moved since (`FieldGeometry.update`). */
  private load(): void {
    const { g, f, i, at } = this;
    const { n, ns } = g;
    i[1] = ns;
    for (let p = 0, o = at.PTS! / 8; p < n; p++, o += 4) {
      f[o] = g.px[p]!;
      f[o + 1] = g.py[p]!;
      f[o + 2] = g.dx[p]!;
      f[o + 3] = g.dy[p]!;
    }
    for (let s = 0, o = at.SEG! / 8; s < ns; s++, o += 5) {
      f[o] = g.sax[s]!;
      f[o + 1] = g.say[s]!;
      f[o + 2] = g.sdx[s]!;
      f[o + 3] = g.sdy[s]!;
      f[o + 4] = g.slen[s]!;
    }
    for (let k = 0, o = at.ORI! / 8; k < n * ns; k++) f[o + k] = g.orient[k]!;
    i.set(g.posMask, at.POS! / 4);
    i.set(g.negMask, at.NEG! / 4);
    this.loaded = g.version;
  }

  /** The mask of the next runs: mask[offset…] (n × words). */
  setMask(mask: Int32Array, offset: number): void {
    const o = this.at.MASK! / 4;
    const len = this.g.n * this.g.words;
    for (let k = 0; k < len; k++) this.i[o + k] = mask[offset + k]!;
  }

  /** The sums at v = (x, y) with `forced` segments forced: −1, or the point v is on. */
  sumsAt(x: number, y: number, seg: Int32Array, side: Int8Array, forced: number): number {
    if (this.loaded !== this.g.version) this.load();
    const { i, at } = this;
    i[3] = forced;
    for (let k = 0; k < forced; k++) {
      i[at.FSEG! / 4 + k] = seg[k]!;
      i[at.FSIDE! / 4 + k] = side[k]!;
    }
    return this.run(x, y);
  }
}

/** The WebAssembly evaluator for `g`; null where WebAssembly is missing. */
export function fieldWasm(g: FieldGeometry, constants = true): FieldWasm | null {
  try {
    return new FieldWasm(g, constants);
  } catch {
    return null;
  }
}
