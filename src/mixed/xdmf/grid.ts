/**
 * One uniform XDMF grid as the parts of a frame: its mesh (Topology and
 * Geometry, its own or taken by `xi:include` or `Reference`; read once when
 * several grids share it, as FEniCSx's time steps do) and its attributes.
 */
import { attr, childrenNamed, type XmlElement } from "../../core/xml.js";
import type { DecodedArray } from "../vtk/read-data.js";
import { XDM } from "./codes.js";
import type { XdmfSession } from "./data.js";
import { type Cells, knownTopology, readCells } from "./topology.js";

/** A grid's mesh: points (xyz) and cells. */
export interface Mesh {
  readonly points: Float64Array;
  readonly pointCount: number;
  readonly cells: Cells;
}

/** A uniform grid read: its mesh and its point and cell arrays (cell data one tuple per output cell). */
export interface GridRead {
  readonly grid: XmlElement;
  readonly mesh: Mesh;
  readonly pointData: DecodedArray[];
  readonly cellData: DecodedArray[];
}

const meshes = new WeakMap<XdmfSession, Map<string, Promise<Mesh | undefined>>>();

/** The children of `g` with its `xi:include`s (xpointers into this file) replaced by what they select. */
export function expandIncludes(s: XdmfSession, g: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of g.children) {
    if (c.name !== "xi:include") {
      out.push(c);
      continue;
    }
    const href = attr(c, "href") ?? "";
    const pointer = attr(c, "xpointer");
    const found = href === "" && pointer ? s.pointers.select(pointer) : undefined;
    if (!found || found.length === 0 || found.includes(g)) {
      s.sink.report(
        XDM.include,
        href !== ""
          ? `xi:include of another file ('${href.slice(0, 80)}') is not read`
          : `xi:include xpointer '${(pointer ?? "").slice(0, 120)}' selects nothing this reader can follow`,
        c.start,
        c.start + 1,
      );
      continue;
    }
    for (const e of found) if (e.name !== "xi:include") out.push(e);
  }
  return out;
}

/** `e`, or the element of the same name its `Reference` text points at. */
function dereference(s: XdmfSession, e: XmlElement): XmlElement | undefined {
  if (attr(e, "Reference") === undefined) return e;
  const target = s.pointers
    .select(s.ownText(e).trim())
    ?.find((t) => t.name === e.name && t !== e && attr(t, "Reference") === undefined);
  if (!target)
    s.sink.report(XDM.include, `${e.name} Reference cannot be followed`, e.start, e.start + 1);
  return target;
}

/** Reads uniform grid `g`: undefined (after reporting) when it has no readable mesh. */
export async function readGrid(s: XdmfSession, g: XmlElement): Promise<GridRead | undefined> {
  const children = expandIncludes(s, g);
  const topo = children.find((c) => c.name === "Topology");
  const geo = children.find((c) => c.name === "Geometry");
  const topology = topo && dereference(s, topo);
  const geometry = geo && dereference(s, geo);
  if (!topology || !geometry) {
    if (!topo || !geo)
      s.sink.report(
        topo ? XDM.geometry : XDM.topologyType,
        `Grid '${attr(g, "Name") ?? ""}' has no ${topo ? "Geometry" : "Topology"}`,
        g.start,
        g.start + 1,
      );
    return undefined;
  }
  const cache = meshes.get(s) ?? new Map<string, Promise<Mesh | undefined>>();
  meshes.set(s, cache);
  const key = `${topology.start}:${geometry.start}`;
  let mesh = cache.get(key);
  if (!mesh) {
    mesh = readMesh(s, topology, geometry);
    cache.set(key, mesh);
  }
  const m = await mesh;
  if (!m) return undefined;
  const pointData: DecodedArray[] = [];
  const cellData: DecodedArray[] = [];
  for (const a of children.filter((c) => c.name === "Attribute")) {
    const r = await readAttribute(s, a, m);
    if (r) (r.cell ? cellData : pointData).push(r.array);
  }
  return { grid: g, mesh: m, pointData, cellData };
}

/** The coordinate columns each GeometryType has. */
const GEOMETRY: Readonly<Record<string, { items: number; per: number }>> = {
  xyz: { items: 1, per: 3 },
  xy: { items: 1, per: 2 },
  x_y_z: { items: 3, per: 1 },
  x_y: { items: 2, per: 1 },
};

async function readMesh(
  s: XdmfSession,
  topology: XmlElement,
  geometry: XmlElement,
): Promise<Mesh | undefined> {
  const gtype = attr(geometry, "GeometryType") ?? attr(geometry, "Type") ?? "XYZ";
  const shape = GEOMETRY[gtype.toLowerCase()];
  const items = childrenNamed(geometry, "DataItem");
  if (!shape || items.length < shape.items) {
    s.sink.report(
      XDM.geometry,
      shape
        ? `Geometry ${gtype} needs ${shape.items} DataItems, it has ${items.length}`
        : `GeometryType '${gtype}' is not read (read: XYZ, XY, X_Y_Z, X_Y)`,
      geometry.start,
      geometry.start + 1,
    );
    return undefined;
  }
  const columns: Float64Array[] = [];
  for (const item of items.slice(0, shape.items)) {
    const v = await s.values(item);
    if (!v) return undefined;
    columns.push(v.values);
  }
  const dims = shape.items === 1 ? shape.per : shape.items;
  const pointCount = shape.items === 1 ? columns[0]!.length / dims : columns[0]!.length;
  if (!Number.isInteger(pointCount) || columns.some((c) => c.length !== columns[0]!.length)) {
    s.sink.report(
      XDM.geometry,
      `Geometry ${gtype}: ${columns.map((c) => c.length).join(", ")} values are not whole points`,
      geometry.start,
      geometry.start + 1,
    );
    return undefined;
  }
  const points = new Float64Array(3 * pointCount);
  for (let p = 0; p < pointCount; p++) {
    for (let k = 0; k < dims; k++) {
      points[3 * p + k] = shape.items === 1 ? columns[0]![dims * p + k]! : columns[k]![p]!;
    }
  }
  const cells = await readTopology(s, topology, pointCount);
  return cells && { points, pointCount, cells };
}

async function readTopology(
  s: XdmfSession,
  topology: XmlElement,
  pointCount: number,
): Promise<Cells | undefined> {
  const type = attr(topology, "TopologyType") ?? attr(topology, "Type") ?? "";
  const at = topology.start;
  if (!knownTopology(type)) {
    s.sink.report(
      XDM.topologyType,
      `TopologyType '${type}' is not read (read: unstructured topologies; see docs/formats/xdmf.md)`,
      at,
      at + 1,
    );
    return undefined;
  }
  const item = childrenNamed(topology, "DataItem")[0];
  const values = item && (await s.values(item));
  if (!item) s.sink.report(XDM.dataFormat, "Topology has no DataItem", at, at + 1);
  if (!values) return undefined;
  const count = (name: string) => {
    const v = attr(topology, name);
    return v === undefined ? undefined : Number(v.trim().split(/\s+/)[0]);
  };
  const cells = readCells(
    type,
    values.values,
    count("NumberOfElements") ?? count("Dimensions"),
    count("NodesPerElement"),
    pointCount,
  );
  if (typeof cells === "string") {
    s.sink.report(XDM.topologyData, `Topology ${type}: ${cells}`, at, at + 1);
    return undefined;
  }
  return cells;
}

/** Components each AttributeType has (Matrix: any). */
const COMPONENTS: Readonly<Record<string, number>> = {
  scalar: 1,
  vector: 3,
  tensor: 9,
  tensor6: 6,
};

async function readAttribute(
  s: XdmfSession,
  a: XmlElement,
  mesh: Mesh,
): Promise<{ cell: boolean; array: DecodedArray } | undefined> {
  const name = attr(a, "Name") ?? "";
  const center = (attr(a, "Center") ?? "Node").toLowerCase();
  if (center !== "node" && center !== "cell") {
    s.sink.report(
      XDM.attributeCenter,
      `Attribute '${name}' with Center '${attr(a, "Center")}' is left out (read: Node, Cell)`,
      a.start,
      a.start + 1,
    );
    return undefined;
  }
  const item = childrenNamed(a, "DataItem")[0];
  const v = item && (await s.values(item));
  if (!v) return undefined;
  const count = center === "node" ? mesh.pointCount : mesh.cells.count;
  const type = (attr(a, "AttributeType") ?? attr(a, "Type") ?? "Scalar").toLowerCase();
  const components = count > 0 ? v.values.length / count : 0;
  const want = COMPONENTS[type];
  // A Vector of two components (an XY mesh's) is read with z = 0.
  const ok = want === undefined || components === want || (want === 3 && components === 2);
  if (!Number.isInteger(components) || components < 1 || !ok) {
    s.sink.report(
      XDM.attributeLength,
      `Attribute '${name}' (${type}, Center ${center}) has ${v.values.length} values for ${count} ${center === "node" ? "nodes" : "cells"}${want ? ` of ${want} components` : ""}; it is left out`,
      a.start,
      a.start + 1,
    );
    return undefined;
  }
  let values = v.values;
  let comps = components;
  if (want === 3 && components === 2) {
    values = new Float64Array(3 * count);
    for (let k = 0; k < count; k++) values.set(v.values.subarray(2 * k, 2 * k + 2), 3 * k);
    comps = 3;
  }
  if (center === "cell") values = perOutputCell(values, comps, mesh.cells.source);
  return { cell: center === "cell", array: { name, components: comps, values } };
}

/** Cell values (one tuple per XDMF cell) as one tuple per output cell. */
function perOutputCell(values: Float64Array, comps: number, source: Uint32Array): Float64Array {
  const out = new Float64Array(source.length * comps);
  for (let c = 0; c < source.length; c++) {
    const from = source[c]! * comps;
    for (let k = 0; k < comps; k++) out[c * comps + k] = values[from + k]!;
  }
  return out;
}
