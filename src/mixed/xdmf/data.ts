/**
 * An XDMF DataItem's values: inline (`Format="XML"`, numbers in the element's
 * text), in an HDF5 file (`Format="HDF"`, `file.h5:/path`, read through the
 * injected reader: only files the edge lets it read, i.e. inside the folder)
 * or a `Reference="XML"` to another DataItem of the same file. Counts are
 * checked against the bytes there are and against the read's budget before
 * anything is allocated. Findings about the XDMF go to its sink (located at
 * the DataItem); an HDF5 file that cannot be opened or read is reported in
 * that file's own report.
 */
import { DiagnosticSink } from "../../core/diagnostics.js";
import type { FileReader } from "../../core/file-source.js";
import { msg } from "../../core/message.js";
import { resolveSibling } from "../../core/path.js";
import type { FileReport } from "../../core/report.js";
import { attr, type XmlElement } from "../../core/xml.js";
import { type Hdf5File, openHdf5 } from "../hdf5/index.js";
import { XDM } from "./codes.js";
import { XPointers } from "./xpath.js";

/** The budget of one read: 1 GiB of float64 values. */
export const XDMF_BUDGET_VALUES = 2 ** 30 / 8;

/** A DataItem's values and its Dimensions. */
export interface DataValues {
  readonly values: Float64Array;
  readonly dims: readonly number[];
}

/** One read of an XDMF file: its text and tree, findings, the companions opened and the values read. */
export class XdmfSession {
  readonly sink = new DiagnosticSink<(typeof XDM)[keyof typeof XDM]>();
  /** Values still allowed in this read. */
  remaining = XDMF_BUDGET_VALUES;
  private readonly files = new Map<string, Promise<Hdf5File | undefined>>();
  private readonly reports = new Map<string, FileReport>();
  /** DataItems read once: a mesh that every time step includes is one array. */
  private readonly cache = new Map<XmlElement, Promise<DataValues | undefined>>();
  /** DataItems being read now: a Reference back to one of them is a cycle. */
  private readonly reading = new Set<XmlElement>();

  /** The file's xpointers, each evaluated once. */
  readonly pointers: XPointers;

  constructor(
    readonly name: string,
    readonly text: string,
    readonly root: XmlElement,
    private readonly reader: FileReader | undefined,
  ) {
    this.pointers = new XPointers(root);
  }

  /** The HDF5 files' reports that have findings. */
  related(): FileReport[] {
    return [...this.reports.values()].filter((r) => r.diagnostics.length > 0);
  }

  /** Frees every HDF5 file opened. */
  async close(): Promise<void> {
    for (const f of this.files.values()) (await f)?.close();
  }

  /** The values of DataItem `item` (read once), or undefined after reporting why not. */
  values(item: XmlElement, depth = 0): Promise<DataValues | undefined> {
    let p = this.cache.get(item);
    if (!p) {
      this.reading.add(item);
      p = this.read(item, depth).finally(() => this.reading.delete(item));
      this.cache.set(item, p);
    }
    return p;
  }

  /** The element's own text (not its children's). */
  ownText(e: XmlElement): string {
    let s = "";
    for (let k = 0; k < e.text.length; k += 2) s += this.text.slice(e.text[k], e.text[k + 1]);
    return s;
  }

  private async read(item: XmlElement, depth: number): Promise<DataValues | undefined> {
    const at = item.start;
    const reference = attr(item, "Reference");
    if (reference !== undefined) return this.reference(item, reference, depth);
    const itemType = attr(item, "ItemType") ?? "Uniform";
    const format = attr(item, "Format") ?? "XML";
    if (!/^uniform$/i.test(itemType) || !/^(xml|hdf)$/i.test(format)) {
      this.sink.report(
        XDM.dataFormat,
        `DataItem of ItemType '${itemType}', Format '${format}': only Uniform items in Format XML or HDF are read`,
        at,
        at + 1,
      );
      return undefined;
    }
    const declared = attr(item, "Dimensions");
    const dims = (declared ?? "").trim().split(/\s+/).map(Number);
    if (!declared?.trim() || !dims.every((d) => Number.isInteger(d) && d >= 0)) {
      this.sink.report(
        XDM.dataValues,
        declared === undefined
          ? "DataItem has no Dimensions (XDMF requires them)"
          : `DataItem Dimensions '${declared.slice(0, 40)}' are not counts`,
        at,
        at + 1,
      );
      return undefined;
    }
    const count = dims.reduce((n, d) => n * d, 1);
    if (count > this.remaining) {
      this.sink.report(
        XDM.budget,
        `DataItem of ${count} values exceeds what this read may still hold (1 GiB of values)`,
        at,
        at + 1,
      );
      return undefined;
    }
    const values = /^hdf$/i.test(format) ? await this.hdf(item, count) : this.inline(item, count);
    if (values) this.remaining -= count;
    return values && { values, dims };
  }

  /** A `Reference="XML"` item: the DataItem its text points at. */
  private async reference(
    item: XmlElement,
    reference: string,
    depth: number,
  ): Promise<DataValues | undefined> {
    const path = this.ownText(item).trim();
    const target = /^xml$/i.test(reference) && depth < 8 ? this.pointers.select(path) : undefined;
    const found = target?.find((e) => e.name === "DataItem" && e !== item);
    if (!found || this.reading.has(found)) {
      this.sink.report(
        XDM.include,
        `DataItem Reference '${reference}' to '${path}' cannot be followed (only Reference="XML" to a DataItem of this file)`,
        item.start,
        item.start + 1,
      );
      return undefined;
    }
    return this.values(found, depth + 1);
  }

  /** Inline numbers: exactly `count` of them, each a finite number. */
  private inline(item: XmlElement, count: number): Float64Array | undefined {
    let chars = 0;
    for (let k = 0; k < item.text.length; k += 2) chars += item.text[k + 1]! - item.text[k]!;
    // Every number takes at least one character and one separator.
    if (count > (chars + 1) / 2) {
      this.sink.report(
        XDM.dataValues,
        `DataItem holds fewer than the ${count} values its Dimensions declare`,
        item.start,
        item.start + 1,
      );
      return undefined;
    }
    const out = new Float64Array(count);
    let n = 0;
    for (let k = 0; k < item.text.length; k += 2) {
      const run = this.text.slice(item.text[k], item.text[k + 1]);
      for (const m of run.matchAll(/\S+/g)) {
        const v = Number(m[0]);
        const start = item.text[k]! + m.index;
        if (n >= count || !Number.isFinite(v)) {
          const why = n >= count ? `more than the ${count} values its Dimensions declare` : "";
          this.sink.report(
            XDM.dataValues,
            why ? `DataItem holds ${why}` : `'${m[0].slice(0, 40)}' is not a finite number`,
            start,
            start + m[0].length,
          );
          return undefined;
        }
        out[n++] = v;
      }
    }
    if (n < count) {
      this.sink.report(
        XDM.dataValues,
        `DataItem holds ${n} values, its Dimensions declare ${count}`,
        item.start,
        item.start + 1,
      );
      return undefined;
    }
    return out;
  }

  /** `file.h5:/path`: the dataset's first `count` values. */
  private async hdf(item: XmlElement, count: number): Promise<Float64Array | undefined> {
    const ref = this.ownText(item).trim();
    const colon = ref.lastIndexOf(":/") >= 0 ? ref.lastIndexOf(":/") : ref.indexOf(":");
    const at = item.text[0] ?? item.start;
    const end = at + Math.max(1, ref.length);
    if (colon <= 0 || colon === ref.length - 1) {
      this.sink.report(XDM.hdfPath, `'${ref.slice(0, 80)}' does not name 'file.h5:/path'`, at, end);
      return undefined;
    }
    const file = resolveSibling(this.name, ref.slice(0, colon));
    const path = ref.slice(colon + 1);
    const h5 = await this.open(file, at, end);
    if (!h5) return undefined;
    const shape = h5.shape(path);
    if (!shape) {
      this.sink.report(XDM.hdfDataset, msg`no dataset '${{ path }}' in '${{ file }}'`, at, end);
      return undefined;
    }
    const has = shape.reduce((n, d) => n * d, 1);
    if (has < count) {
      this.sink.report(
        XDM.hdfShape,
        `dataset '${path}' holds ${has} values (shape ${shape.join("×")}), the DataItem's Dimensions declare ${count}`,
        at,
        end,
      );
      return undefined;
    }
    // The library holds its own copy while converting: a dataset takes twice its values.
    if (2 * has > this.remaining) {
      this.sink.report(
        XDM.budget,
        `dataset '${path}' of ${has} values exceeds what this read may still hold (1 GiB of values, HDF5's copy counted)`,
        at,
        end,
      );
      return undefined;
    }
    const r = h5.numbers(path, has);
    if ("error" in r) {
      this.companionReport(file).push(hdfError(r.error));
      return undefined;
    }
    return r.values.length === count ? r.values : r.values.slice(0, count);
  }

  /** The HDF5 file at `file` (opened once), or undefined after reporting why not. */
  private open(file: string, at: number, end: number): Promise<Hdf5File | undefined> {
    let p = this.files.get(file);
    if (!p) {
      p = this.openFile(file, at, end);
      this.files.set(file, p);
    }
    return p;
  }

  private async openFile(file: string, at: number, end: number): Promise<Hdf5File | undefined> {
    const r = this.reader ? await this.reader(file, this.name) : undefined;
    if (r?.status !== "ok") {
      const why = r?.status === "unreadable" ? r.reason : "it does not exist";
      this.sink.report(XDM.companion, msg`HDF5 file '${{ file }}' cannot be read: ${why}`, at, end);
      return undefined;
    }
    const h5 = await openHdf5(r.bytes);
    if ("error" in h5) {
      this.companionReport(file).push(hdfError(h5.error));
      return undefined;
    }
    return h5;
  }

  private companionReport(file: string): Diagnostic[] {
    let r = this.reports.get(file);
    if (!r) {
      r = { file, diagnostics: [] };
      this.reports.set(file, r);
    }
    return r.diagnostics as Diagnostic[];
  }
}

type Diagnostic = FileReport["diagnostics"][number];

/** An HDF5 failure, at the start of the HDF5 file. */
function hdfError(message: string): Diagnostic {
  const sink = new DiagnosticSink();
  sink.report(XDM.hdfOpen, message, 0, 0);
  return sink.items[0]!;
}
