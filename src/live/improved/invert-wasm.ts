/**
 * The refined flow's inversion (refine.ts, `RefinedFlow.invert`) in
 * WebAssembly, scalar float64, a special cell's pixels or a list of nodes
 * per call, four pixels at a time (each inversion is a chain of dependent
 * operations; four chains in one loop overlap). The same numbers as the
 * JavaScript: IEEE add, subtract and multiply give the same bits; the clamp
 * is `Math.max` and `Math.min`'s (see `clamp`); on [0, n − 1) and NaN,
 * `i32.trunc_sat_f64_s` is `| 0` and c − trunc(c) is c − (c | 0) (NaN for
 * NaN); a guess is its float32 promoted, a motion rounded to float32 as a
 * Float32Array stores it. A pixel that lands by a frozen node keeps its
 * numbers (its later steps, clamped inside the flow, are not used). The
 * flow and a byte per flow cell (1 where its four nodes are free) are
 * copied in once; a cell's part of `pmap` in and out as 32-bit words.
 */
import { wasmModule } from "../../core/wasm.js";
import { assemble } from "./asm.js";
import type { FieldGrid } from "./grid.js";
import type { RefinedFlow } from "./refine.js";

/** A pixel's locals (a set per pixel inverted together, suffixed by its lane's letter). */
const PIXEL_I32 = "OK I J N FA FB Q E";
const PIXEL_F64 = "X Y SX SY UX UY CX CY FX FY GX GY W00 W10 W01 W11";
/** Parameters, then the shared locals, i32 then f64. */
const I32S = "X0 Y0 COLS ROWS COUNT NX FLOW OPEN P R C IT STEPS";
const F64S = "T YF LIMX LIMY INV";
/** Header: i32 slots NX, NY, FLOW, OPEN, BUF, NODES, OKS at bytes 0–24; LIMX, LIMY, INV (f64) at 32–48. */
const HEADER = 64;
const each = (names: string, p: string) => names.replace(/(\S+)/g, `$1${p}`);

/** Loads the header; STEPS = 1 at t = 0 (every step looks at v itself), else 4. */
const PROLOGUE = `
  i32 0 i32.load 0 set NX i32 0 i32.load 8 set FLOW i32 0 i32.load 12 set OPEN
  i32 0 f64.load 32 set LIMX i32 0 f64.load 40 set LIMY i32 0 f64.load 48 set INV
  i32 1 i32 4 get T f64 0 f64.eq select set STEPS`;

/**
 * C = Math.min(Math.max(S·INV, 0), LIM) as selects (a predicted branch is
 * off the chain; f64.max and f64.min are not): 0 where S·INV ≤ 0 (−0
 * included), LIM where it is ≥ LIM, else itself (NaN too).
 */
const clamp = (s: string, c: string, lim: string) =>
  `get ${s} get INV f64.mul set ${c} f64 0 get ${c} get ${c} f64 0 f64.le select set ${c}
  get ${lim} get ${c} get ${c} get ${lim} f64.ge select set ${c}`;

/** One step of `RefinedFlow.invert` for pixel p: OKp becomes 0 (and stays) where it lands by a frozen node. */
const step = (p: string) =>
  `${clamp(`SX${p}`, `CX${p}`, "LIMX")} ${clamp(`SY${p}`, `CY${p}`, "LIMY")}
  get CX${p} i32.trunc_sat_f64_s set I${p} get CY${p} i32.trunc_sat_f64_s set J${p}
  get J${p} get NX i32.mul get I${p} i32.add set N${p}
  get OK${p} get OPEN get N${p} i32.add i32.load8_u 0 i32.and set OK${p}
  get CX${p} get CX${p} f64.trunc f64.sub set FX${p} get CY${p} get CY${p} f64.trunc f64.sub set FY${p}
  f64 1 get FX${p} f64.sub set GX${p} f64 1 get FY${p} f64.sub set GY${p}
  get GX${p} get GY${p} f64.mul set W00${p} get FX${p} get GY${p} f64.mul set W10${p}
  get GX${p} get FY${p} f64.mul set W01${p} get FX${p} get FY${p} f64.mul set W11${p}
  get FLOW get N${p} i32 4 i32.shl i32.add set FA${p} get FA${p} get NX i32 4 i32.shl i32.add set FB${p}
  get W00${p} get FA${p} f64.load 0 f64.mul get W10${p} get FA${p} f64.load 16 f64.mul f64.add
  get W01${p} get FB${p} f64.load 0 f64.mul f64.add get W11${p} get FB${p} f64.load 16 f64.mul f64.add set UX${p}
  get W00${p} get FA${p} f64.load 8 f64.mul get W10${p} get FA${p} f64.load 24 f64.mul f64.add
  get W01${p} get FB${p} f64.load 8 f64.mul f64.add get W11${p} get FB${p} f64.load 24 f64.mul f64.add set UY${p}
  get X${p} get T get UX${p} f64.mul f64.sub set SX${p} get Y${p} get T get UY${p} f64.mul f64.sub set SY${p}`;

/** The pixels inverted together (their locals' suffixes): their chains of dependent operations overlap. */
const LANES = ["A", "B", "E", "H"];
const all = (f: (p: string) => string) => LANES.map(f).join(" ");

/**
 * `RefinedFlow.invert` for the LANES pixels at once, from X, Y and the
 * guess in UX, UY of each: OK = 1 and the motion in UX, UY, or OK = 0 where
 * a step lands in a cell with a frozen node (the steps after it are not used).
 */
const INVERT = `
  ${all((p) => `get X${p} get T get UX${p} f64.mul f64.sub set SX${p} get Y${p} get T get UY${p} f64.mul f64.sub set SY${p} i32 1 set OK${p}`)}
  get STEPS set IT
  block loop get IT i32.eqz br_if 1 ${all(step)}
    get IT i32 1 i32.sub set IT
  br 0 end end`;

/** `for (L = 0; L < END; L += by) body`. */
const upTo = (l: string, end: string, body: string, by = 1) =>
  `i32 0 set ${l} block loop get ${l} get ${end} i32.ge_s br_if 1 ${body}
   get ${l} i32 ${by} i32.add set ${l} br 0 end end`;

/** Lane p's index E (C + its lane, or the last below END: then a pixel twice, the same numbers). */
const index = (end: string) => (p: string) =>
  `get C i32 ${LANES.indexOf(p)} i32.add set E${p}
  get E${p} get ${end} i32 1 i32.sub get E${p} get ${end} i32.lt_s select set E${p}`;

/** Pixel p's float32 pair at Q: its guess in, its motion out where OK. */
const guess = (p: string) =>
  `get X0 get E${p} i32.add f64.convert_i32_s set X${p} get YF set Y${p}
  get P get E${p} i32 3 i32.shl i32.add set Q${p}
  get Q${p} f32.load 0 f64.promote_f32 set UX${p} get Q${p} f32.load 4 f64.promote_f32 set UY${p}`;
const motion = (p: string) =>
  `get OK${p} if get Q${p} get UX${p} f32.demote_f64 f32.store 0 get Q${p} get UY${p} f32.demote_f64 f32.store 4 end`;

/** `cell(x0, y0, cols, rows, t)`: the pixels of the float32 pairs at BUF, row by row, in place. */
const CELL = `${PROLOGUE} i32 0 i32.load 16 set P
  ${upTo(
    "R",
    "ROWS",
    `get Y0 get R i32.add f64.convert_i32_s set YF
    ${upTo("C", "COLS", `${all(index("COLS"))} ${all(guess)} ${INVERT} ${all(motion)}`, LANES.length)}
    get P get COLS i32 3 i32.shl i32.add set P`,
  )}`;

/** Entry E's x, y, guess (float64 at Q, NODES) in; its motion out where OK, and OK at OKS. */
const entry = (p: string) =>
  `get P get E${p} i32 5 i32.shl i32.add set Q${p}
  get Q${p} f64.load 0 set X${p} get Q${p} f64.load 8 set Y${p}
  get Q${p} f64.load 16 set UX${p} get Q${p} f64.load 24 set UY${p}`;
const entryOut = (p: string) =>
  `get OK${p} if get Q${p} get UX${p} f64.store 16 get Q${p} get UY${p} f64.store 24 end
  i32 0 i32.load 24 get E${p} i32 2 i32.shl i32.add get OK${p} i32.store 0`;

/** `nodes(count, t)`: COUNT entries at NODES; the motion over the guess where OK, OK at OKS. */
const NODES = `${PROLOGUE} i32 0 i32.load 20 set P
  ${upTo("C", "COUNT", `${all(index("COUNT"))} ${all(entry)} ${INVERT} ${all(entryOut)}`, LANES.length)}`;

let compiled: WebAssembly.Module | null | undefined;

/** The module, compiled on first use; null where WebAssembly is missing. */
function invertModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  compiled = null;
  try {
    const i32s = [I32S, ...LANES.map((p) => each(PIXEL_I32, p))].join(" ").split(" ");
    const f64s = [F64S, ...LANES.map((p) => each(PIXEL_F64, p))].join(" ").split(" ");
    const fn = (name: string, params: string[], text: string) => {
      const names = [...params, ...i32s.filter((s) => !params.includes(s))];
      names.push(...f64s.filter((s) => !params.includes(s)));
      const type = (s: string) => (f64s.includes(s) ? 0x7c : 0x7f);
      return {
        name,
        params: params.map(type),
        locals: names.slice(params.length).map(type),
        body: assemble(text, names),
      };
    };
    const bytes = wasmModule(
      [fn("cell", ["X0", "Y0", "COLS", "ROWS", "T"], CELL), fn("nodes", ["COUNT", "T"], NODES)],
      { module: "e", name: "m", minPages: 1 },
    );
    if (typeof WebAssembly !== "undefined" && WebAssembly.validate(bytes)) {
      compiled = new WebAssembly.Module(bytes);
    }
  } catch {
    compiled = null;
  }
  return compiled;
}

/**
 * One refined flow's inversion in WebAssembly: {@link cell} for a special
 * cell's pixels, {@link nodes} for a grid's nodes.
 */
export class FlowWasm {
  private readonly f: Float64Array;
  private readonly i: Int32Array;
  private readonly runCell: (x0: number, y0: number, cols: number, rows: number, t: number) => void;
  private readonly runNodes: (count: number, t: number) => void;
  private readonly buf: number;
  private readonly nodeAt: number;
  private readonly oks: number;
  /** The listed nodes' indices. */
  private readonly targets: Int32Array;
  /** Per node: the first probe's motion (made on the first {@link nodes}), and 1 where it found one. */
  private first: Float64Array | null = null;
  private readonly found: Uint8Array;
  /** `pmap` and its 32-bit words (the same bits) of the last {@link cell}. */
  private words: Int32Array | null = null;
  private wordsOf: Float32Array | null = null;

  constructor(module: WebAssembly.Module, flow: RefinedFlow, cell: number, nodes: number) {
    const { nx, ny } = flow;
    const at = [HEADER];
    for (const size of [nx * ny * 16, nx * ny, cell * cell * 8, nodes * 32, nodes * 4])
      at.push(at[at.length - 1]! + Math.ceil(size / 16) * 16);
    const memory = new WebAssembly.Memory({ initial: Math.ceil(at[5]! / 65536) });
    const instance = new WebAssembly.Instance(module, { e: { m: memory } });
    this.runCell = instance.exports.cell as FlowWasm["runCell"];
    this.runNodes = instance.exports.nodes as FlowWasm["runNodes"];
    this.f = new Float64Array(memory.buffer);
    this.i = new Int32Array(memory.buffer);
    this.i.set([nx, ny, at[0]!, at[1]!, at[2]!, at[3]!, at[4]!]);
    this.f.set([nx - 1.000001, ny - 1.000001, 1 / flow.spacing], 4);
    this.f.set(flow.flow, at[0]! / 8);
    // Per flow cell (its top left node): 1 when its four nodes are free, one look per step.
    const open = new Uint8Array(memory.buffer, at[1]!, nx * ny);
    const { free } = flow;
    for (let j = 0; j + 1 < ny; j++) {
      for (let n = j * nx; n < j * nx + nx - 1; n++) {
        open[n] = free[n] && free[n + 1] && free[n + nx] && free[n + nx + 1] ? 1 : 0;
      }
    }
    this.buf = at[2]! / 4;
    this.nodeAt = at[3]! / 8;
    this.oks = at[4]! / 4;
    this.targets = new Int32Array(nodes);
    this.found = new Uint8Array(nodes);
  }

  /**
   * Inverts the pixels of the rectangle (x0, y0) cols × rows of `pmap`
   * (width pixels per row, (x, y) pairs) at time t, as `RefinedFlow.invert`
   * from each pixel's pair would.
   */
  cell(
    pmap: Float32Array,
    width: number,
    x0: number,
    y0: number,
    cols: number,
    rows: number,
    t: number,
  ): void {
    if (this.wordsOf !== pmap) {
      this.words = new Int32Array(pmap.buffer, pmap.byteOffset, pmap.length);
      this.wordsOf = pmap;
    }
    const words = this.words!;
    const { i, buf } = this;
    const n = 2 * cols;
    for (let r = 0, b = buf; r < rows; r++) {
      const q = 2 * ((y0 + r) * width + x0);
      for (let k = 0; k < n; k++, b++) i[b] = words[q + k]!;
    }
    this.runCell(x0, y0, cols, rows, t);
    for (let r = 0, b = buf; r < rows; r++) {
      const q = 2 * ((y0 + r) * width + x0);
      for (let k = 0; k < n; k++, b++) words[q + k] = i[b]!;
    }
  }

  /**
   * Per node of a grid (stride nodes per row, cell pixels apart): the
   * first probe's motion and whether it found one — inverted at t = 0 from
   * no motion, it depends on the node alone, so it is found once (decision 413).
   */
  private firstProbes(stride: number, cell: number, count: number): Float64Array {
    const { f, i, nodeAt, oks } = this;
    for (let n = 0, e = nodeAt; n < count; n++, e += 4) {
      f[e] = (n % stride) * cell;
      f[e + 1] = ((n / stride) | 0) * cell;
      f[e + 2] = 0;
      f[e + 3] = 0;
    }
    this.runNodes(count, 0);
    const first = new Float64Array(2 * count);
    for (let n = 0, e = nodeAt + 2; n < count; n++, e += 4) {
      this.found[n] = i[oks + n]!;
      first[2 * n] = f[e]!;
      first[2 * n + 1] = f[e + 1]!;
    }
    this.first = first;
    return first;
  }

  /**
   * The nodes' part of `ImprovedMorph.applyRefined` at time t: a needed
   * node the field was not evaluated at takes its two probes (from no
   * motion at 0, then at t from the first's motion), and is evaluated where
   * either fails; then every needed node the field was evaluated at is
   * inverted from the field's motion. Each node's numbers are its own, so
   * this order gives those of the node by node loop.
   */
  nodes(grid: FieldGrid, t: number): void {
    const { nodes, ncx, cell, evaluated, needed, rowFrom, rowTo } = grid;
    const { f, i, targets, nodeAt, oks, found } = this;
    const stride = ncx + 1;
    const first = this.first ?? this.firstProbes(stride, cell, nodes.length / 2);
    const [from, to] = [rowFrom * stride, (rowTo + 1) * stride];
    let count = 0;
    // Node n's position and its guess (its motion now) as the next entry.
    const push = (n: number) => {
      const e = nodeAt + 4 * count;
      f[e] = (n % stride) * cell;
      f[e + 1] = ((n / stride) | 0) * cell;
      f[e + 2] = nodes[2 * n]!;
      f[e + 3] = nodes[2 * n + 1]!;
      targets[count++] = n;
    };
    for (let n = from; n < to; n++) {
      if (!needed[n] || evaluated[n]) continue;
      nodes[2 * n] = first[2 * n]!;
      nodes[2 * n + 1] = first[2 * n + 1]!;
      if (!found[n]) {
        nodes[2 * n] = nodes[2 * n + 1] = 0;
        grid.evalNode(n % stride, (n / stride) | 0);
        continue;
      }
      push(n);
    }
    if (count > 0) this.runNodes(count, t);
    for (let k = 0, e = nodeAt + 2; k < count; k++, e += 4) {
      const n = targets[k]!;
      if (i[oks + k] === 0) grid.evalNode(n % stride, (n / stride) | 0);
      else {
        nodes[2 * n] = f[e]!;
        nodes[2 * n + 1] = f[e + 1]!;
      }
    }
    count = 0;
    for (let n = from; n < to; n++) if (needed[n] && evaluated[n]) push(n);
    if (count > 0) this.runNodes(count, t);
    for (let k = 0, e = nodeAt + 2; k < count; k++, e += 4) {
      if (i[oks + k] === 0) continue;
      const n = targets[k]!;
      nodes[2 * n] = f[e]!;
      nodes[2 * n + 1] = f[e + 1]!;
    }
  }
}

/** The WebAssembly inversion of `flow` for cells of `cell` pixels and up to `nodes` nodes; null where it is missing. */
export function flowWasm(flow: RefinedFlow, cell: number, nodes: number): FlowWasm | null {
  const module = invertModule();
  if (!module) return null;
  try {
    return new FlowWasm(module, flow, cell, nodes);
  } catch {
    return null;
  }
}
