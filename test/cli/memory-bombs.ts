/**
 * Files for the memory tests of a check (issue 23): `.vtu` pieces whose
 * arrays are zlib-compressed zeros, small on disk and large once decoded.
 */
import { deflateSync } from "node:zlib";

const BLOCK = 2 ** 20;
const ZEROS = deflateSync(new Uint8Array(BLOCK));

/** Base64 of `bytes`. */
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** A VTK zlib-compressed binary array of `bytes` zero bytes: header and blocks, each base64. */
function zeroArray(bytes: number): string {
  const blocks = Math.max(1, Math.ceil(bytes / BLOCK));
  const last = bytes - (blocks - 1) * BLOCK;
  const header = new BigUint64Array(3 + blocks);
  header[0] = BigInt(blocks);
  header[1] = BigInt(BLOCK);
  header[2] = BigInt(last);
  const lastBlock = last === BLOCK ? ZEROS : deflateSync(new Uint8Array(last));
  const parts: Uint8Array[] = [];
  for (let k = 0; k < blocks; k++) {
    const c = k === blocks - 1 ? lastBlock : ZEROS;
    header[3 + k] = BigInt(c.length);
    parts.push(c);
  }
  return b64(new Uint8Array(header.buffer)) + b64(Buffer.concat(parts));
}

/**
 * A `.vtu` of `points` points (all at the origin) with one vertex cell and a
 * point array: 32 bytes of float64 values per point once decoded (3 for the
 * points, 1 for the array), about 1/1000 of that on disk. `pad` bytes of an
 * XML comment make it larger on disk without decoding to anything.
 */
export function zeroVtu(points: number, pad = 0): string {
  const comment = pad > 0 ? `<!-- ${"x".repeat(pad)} -->\n` : "";
  return `<?xml version="1.0"?>
<VTKFile type="UnstructuredGrid" version="1.0" byte_order="LittleEndian" header_type="UInt64" compressor="vtkZLibDataCompressor">
${comment}<UnstructuredGrid>
<Piece NumberOfPoints="${points}" NumberOfCells="1">
<PointData>
<DataArray type="Float64" Name="T" format="binary">${zeroArray(points * 8)}</DataArray>
</PointData>
<Points><DataArray type="Float64" NumberOfComponents="3" format="binary">${zeroArray(points * 24)}</DataArray></Points>
<Cells>
<DataArray type="Int64" Name="connectivity" format="ascii">0</DataArray>
<DataArray type="Int64" Name="offsets" format="ascii">1</DataArray>
<DataArray type="UInt8" Name="types" format="ascii">1</DataArray>
</Cells>
</Piece>
</UnstructuredGrid>
</VTKFile>
`;
}
