/** Diagnostic codes of the XDMF reader (`*.xdmf`, `*.xmf` and their HDF5 files); listed in `docs/formats/xdmf.md`. */

/** Every XDMF diagnostic kind, declared once. */
export const XDM = {
  xmlSyntax: {
    code: "XDM001",
    severity: "error",
    summary: "not well-formed XML: a tag, attribute or end tag is broken or missing",
  },
  notXdmf: {
    code: "XDM002",
    severity: "error",
    summary: "not an XDMF file: the root is not <Xdmf>, or it has no <Domain> with a <Grid>",
  },
  gridType: {
    code: "XDM003",
    severity: "warning",
    summary:
      "a grid that is not read (GridType Tree or Subset, or a Collection of an unknown CollectionType) is left out",
  },
  topologyType: {
    code: "XDM004",
    severity: "error",
    summary:
      "a TopologyType that cannot be read (structured topologies, an unknown name) or a Topology missing",
  },
  topologyData: {
    code: "XDM005",
    severity: "error",
    summary:
      "the topology's values disagree with NumberOfElements or NodesPerElement, name a point that does not exist, or a Mixed cell code is unknown",
  },
  geometry: {
    code: "XDM006",
    severity: "error",
    summary:
      "a GeometryType that cannot be read (ORIGIN_DXDYDZ, VXVYVZ …) or coordinates that disagree with it",
  },
  dataFormat: {
    code: "XDM007",
    severity: "error",
    summary:
      "a DataItem that cannot be read: Format Binary, an ItemType Function or HyperSlab, or no values",
  },
  dataValues: {
    code: "XDM008",
    severity: "error",
    summary:
      "a DataItem's values cannot be read: a bad number, bad Dimensions, fewer or more values than Dimensions",
  },
  hdfPath: {
    code: "XDM009",
    severity: "error",
    summary: "a Format HDF DataItem does not name 'file.h5:/path'",
  },
  companion: {
    code: "XDM010",
    args: ["file"],
    severity: "error",
    summary:
      "the HDF5 file a DataItem names is missing or cannot be read (it is read only inside the folder)",
  },
  hdfOpen: {
    code: "XDM011",
    severity: "error",
    summary:
      "the HDF5 file cannot be opened or a dataset in it cannot be read (reported in the HDF5 file)",
  },
  hdfDataset: {
    code: "XDM012",
    args: ["path", "file"],
    severity: "error",
    summary: "the dataset a DataItem names is not in the HDF5 file",
  },
  hdfShape: {
    code: "XDM013",
    severity: "error",
    summary: "an HDF5 dataset holds fewer values than its DataItem's Dimensions",
  },
  budget: {
    code: "XDM014",
    severity: "error",
    summary:
      "the values of one read exceed the memory budget (1 GiB of values); nothing is allocated for them",
  },
  attributeCenter: {
    code: "XDM015",
    severity: "warning",
    summary: "an Attribute centred on edges, faces or the grid (not Node or Cell) is left out",
  },
  attributeLength: {
    code: "XDM016",
    severity: "error",
    summary:
      "an Attribute's values are not one tuple per node (Center Node) or per cell (Center Cell), or not its AttributeType's components; it is left out",
  },
  include: {
    code: "XDM017",
    severity: "error",
    summary:
      "an xi:include or Reference that cannot be followed: another file, an xpointer not understood, or nothing found at it",
  },
  times: {
    code: "XDM018",
    severity: "error",
    summary: "time values that are not numbers, not one per grid, or not strictly increasing",
  },
  noTimes: {
    code: "XDM019",
    args: [],
    severity: "warning",
    summary: "a temporal collection without times: its grids are numbered 0, 1, 2 … s",
  },
  stepMismatch: {
    code: "XDM021",
    severity: "error",
    summary:
      "grids at one time have different points or cells (each time step is one mesh); the grid is left out",
  },
  extraGrids: {
    code: "XDM022",
    args: ["count"],
    severity: "warning",
    summary:
      "grids beside the one read (a second mesh, mesh tags) are left out: the first grid, or the temporal collections, are read",
  },
  noFrames: {
    code: "XDM023",
    args: [],
    severity: "error",
    summary: "no grid with a topology and a geometry to read",
  },
} as const;
