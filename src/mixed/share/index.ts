/** The packed mesh series (`*.dmesh`): the compact frames a shared HTML page carries, and their decoder. */

export {
  MAX_MODEL_BYTES,
  MODEL_PACK_MAGIC,
  type ModelFile,
  type ModelPackReadResult,
  packModel,
  unpackModel,
} from "./bundle.js";
export { MESH_PACK, type MeshPackCode } from "./codes.js";
export {
  isMeshPack,
  type MeshPackOpened,
  type MeshPackReadResult,
  type OpenOptions,
  openMeshPack,
  unpackMesh,
} from "./decode.js";
export { DEFAULT_PRECISION, modelSize, type PackOptions, packMesh } from "./encode.js";
export { MAX_VALUES, MESH_PACK_MAGIC, MESH_PACK_VERSION } from "./header.js";
