/** Shared pieces of the glTF export: the document, its one buffer and accessor helpers. */
import { type Accessor, type Buffer, Document, type Material } from "@gltf-transform/core";

/** A glTF document being built, with its single binary buffer and shared materials. */
export class GltfBuilder {
  readonly doc = new Document();
  readonly buffer: Buffer;
  private materials = new Map<string, Material>();

  constructor() {
    this.buffer = this.doc.createBuffer();
    this.doc.getRoot().getAsset().generator = "deforma mixed export";
  }

  /** A new accessor of `type` over `array` (stored in the document's buffer). */
  accessor(
    name: string,
    type: "SCALAR" | "VEC3" | "VEC4",
    array: Float32Array | Int16Array | Uint16Array | Uint32Array,
  ): Accessor {
    return this.doc.createAccessor(name).setType(type).setArray(array).setBuffer(this.buffer);
  }

  /** Triangle indices as 16-bit when every index fits, else 32-bit. */
  indices(name: string, indices: Uint32Array, vertexCount: number): Accessor {
    return this.accessor(
      name,
      "SCALAR",
      vertexCount <= 0xffff ? Uint16Array.from(indices) : indices,
    );
  }

  /** The grey material of rigid shapes. */
  rigidMaterial(): Material {
    return this.material("rigid", (m) =>
      m.setBaseColorFactor([0.7, 0.7, 0.72, 1]).setMetallicFactor(0.1).setRoughnessFactor(0.6),
    );
  }

  /** The white material of mesh bodies (their colour comes from `COLOR_0`). */
  fieldMaterial(): Material {
    return this.material("field", (m) =>
      m.setBaseColorFactor([1, 1, 1, 1]).setMetallicFactor(0).setRoughnessFactor(0.8),
    );
  }

  private material(name: string, init: (m: Material) => Material): Material {
    let m = this.materials.get(name);
    if (!m) {
      m = init(this.doc.createMaterial(name));
      this.materials.set(name, m);
    }
    return m;
  }
}
