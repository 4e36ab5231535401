/**
 * Writing VTK XML text: `.vtu` pieces with base64 `binary` arrays (one
 * UInt64 byte count, then the little-endian values, each base64-encoded on
 * its own as VTK does), `.vtm` multiblock indexes and `.pvd` collections.
 */
import { encodeBase64 } from "../../core/base64.js";

/** Values VTK can store: its type name follows from the array's kind. */
export type VtkValues = Float32Array | Float64Array | Int32Array | Uint8Array;

/** One named point-data array: `components` values per point. */
export interface VtkPointArray {
  readonly name: string;
  readonly components: number;
  readonly values: Float32Array;
}

/** One unstructured grid: world points, cells as VTK codes with end offsets, point data. */
export interface VtuPiece {
  /** Point coordinates, xyz packed (metres, world frame). */
  readonly points: Float32Array;
  /** VTK cell type code per cell. */
  readonly types: Uint8Array;
  /** 0-based point indices of all cells, concatenated. */
  readonly connectivity: Int32Array;
  /** End offset of each cell in `connectivity` (VTK XML's convention). */
  readonly offsets: Int32Array;
  readonly pointData: readonly VtkPointArray[];
  /** Name of the active scalar array, if any. */
  readonly activeScalars?: string;
  /** Time of the piece in seconds (written as the `TimeValue` field). */
  readonly time: number;
}

const header = new BigUint64Array(1);
const headerBytes = new Uint8Array(header.buffer);

/** Text of a `.vtu` file holding `piece`. */
export function writeVtu(piece: VtuPiece): string {
  const n = piece.points.length / 3;
  const arrays = piece.pointData.map((a) => dataArray(a.name, a.values, a.components)).join("");
  const scalars = piece.activeScalars ? ` Scalars="${xmlEscape(piece.activeScalars)}"` : "";
  return (
    '<?xml version="1.0"?>\n' +
    '<VTKFile type="UnstructuredGrid" version="1.0" byte_order="LittleEndian" header_type="UInt64">\n' +
    "<UnstructuredGrid>\n" +
    '<FieldData>\n<DataArray type="Float64" Name="TimeValue" NumberOfTuples="1" format="ascii">' +
    `${piece.time}</DataArray>\n</FieldData>\n` +
    `<Piece NumberOfPoints="${n}" NumberOfCells="${piece.types.length}">\n` +
    `<PointData${scalars}>\n${arrays}</PointData>\n` +
    `<Points>\n${dataArray("Points", piece.points, 3)}</Points>\n` +
    "<Cells>\n" +
    dataArray("connectivity", piece.connectivity, 1) +
    dataArray("offsets", piece.offsets, 1) +
    dataArray("types", piece.types, 1) +
    "</Cells>\n</Piece>\n</UnstructuredGrid>\n</VTKFile>\n"
  );
}

/** Text of a `.vtm` with one block per entry (`file` relative to the `.vtm`). */
export function writeVtm(blocks: readonly { name: string; file: string }[]): string {
  const lines = blocks.map(
    (b, i) => `<DataSet index="${i}" name="${xmlEscape(b.name)}" file="${xmlEscape(b.file)}"/>\n`,
  );
  return (
    '<?xml version="1.0"?>\n' +
    '<VTKFile type="vtkMultiBlockDataSet" version="1.0" byte_order="LittleEndian" header_type="UInt64">\n' +
    `<vtkMultiBlockDataSet>\n${lines.join("")}</vtkMultiBlockDataSet>\n</VTKFile>\n`
  );
}

/** Text of a `.pvd` collection listing `file` at `time` (seconds), in order. */
export function writePvd(entries: readonly { time: number; file: string }[]): string {
  const lines = entries.map(
    (e) => `<DataSet timestep="${e.time}" group="" part="0" file="${xmlEscape(e.file)}"/>\n`,
  );
  return (
    '<?xml version="1.0"?>\n' +
    '<VTKFile type="Collection" version="0.1" byte_order="LittleEndian">\n' +
    `<Collection>\n${lines.join("")}</Collection>\n</VTKFile>\n`
  );
}

/** `s` with `& < > "` escaped for an attribute value. */
export function xmlEscape(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function dataArray(name: string, values: VtkValues, components: number): string {
  const type =
    values instanceof Float32Array
      ? "Float32"
      : values instanceof Float64Array
        ? "Float64"
        : values instanceof Int32Array
          ? "Int32"
          : "UInt8";
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  header[0] = BigInt(bytes.length);
  const comps = components > 1 ? ` NumberOfComponents="${components}"` : "";
  return (
    `<DataArray type="${type}" Name="${xmlEscape(name)}"${comps} format="binary">\n` +
    `${encodeBase64(headerBytes)}${encodeBase64(bytes)}\n</DataArray>\n`
  );
}
