/** XDMF with HDF5 (FEniCSx): the reader and its registry format. */
export { XDM } from "./codes.js";
export { XDMF_FORMAT } from "./format.js";
export { readXdmf, type XdmfRead } from "./read.js";
