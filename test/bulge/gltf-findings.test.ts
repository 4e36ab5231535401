/**
 * The glTF reader's findings that had no test (GLT003, GLT004, GLT005,
 * GLT006, GLT009), each from a small file made here with glTF-Transform:
 * the code, its byte (20, the JSON chunk's first, for the asset's
 * structure: decision 260), its severity and its message.
 */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Document, type Node, WebIO } from "@gltf-transform/core";
import { describe, expect, it } from "vitest";
import { readGltf } from "../../src/bulge/gltf/index.js";
import { cli } from "../helpers.js";

interface Options {
  /** The triangle's indices (default 0 1 2). */
  indices?: number[];
  /** The primitive's mode (default 4, triangles). */
  mode?: number;
  /** Whether the primitive carries JOINTS_0 / WEIGHTS_0 (default true). */
  skinData?: boolean;
  /** The inverse bind matrices (column-major, 16 per matrix; default identity per joint). */
  ibm?: number[];
  /** A second mesh of triangles, so the file still has something to deform. */
  second?: boolean;
}

/** One triangle skinned to two joints ("Root" → "Tip"), as the options break it. */
async function tiny(o: Options = {}): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const acc = (type: "SCALAR" | "VEC3" | "VEC4" | "MAT4", a: Float32Array | Uint16Array) =>
    doc.createAccessor().setType(type).setArray(a).setBuffer(buffer);
  const root = doc.createNode("Root");
  const tip = doc.createNode("Tip").setTranslation([0, 1, 0]);
  root.addChild(tip);
  const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  const skin = doc
    .createSkin("Rig")
    .addJoint(root)
    .addJoint(tip)
    .setInverseBindMatrices(acc("MAT4", new Float32Array(o.ibm ?? [...identity, ...identity])));
  const triangle = () => {
    const p = doc
      .createPrimitive()
      .setMode((o.mode ?? 4) as 4)
      .setAttribute("POSITION", acc("VEC3", new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])))
      .setIndices(acc("SCALAR", new Uint16Array(o.indices ?? [0, 1, 2])));
    if (o.skinData ?? true)
      p.setAttribute(
        "JOINTS_0",
        acc("VEC4", new Uint16Array([0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0])),
      ).setAttribute(
        "WEIGHTS_0",
        acc("VEC4", new Float32Array([1, 0, 0, 0, 0.5, 0.5, 0, 0, 1, 0, 0, 0])),
      );
    return p;
  };
  const scene = doc.createScene().addChild(root);
  const body: Node = doc
    .createNode("Body")
    .setMesh(doc.createMesh("Body").addPrimitive(triangle()))
    .setSkin(skin);
  scene.addChild(body);
  if (o.second) {
    const plain = doc
      .createPrimitive()
      .setAttribute("POSITION", acc("VEC3", new Float32Array([0, 0, 1, 1, 0, 1, 0, 1, 1])));
    scene.addChild(doc.createNode("Plate").setMesh(doc.createMesh("Plate").addPrimitive(plain)));
  }
  return new WebIO().writeBinary(doc);
}

/** The findings as [code, byte, severity, message]. */
async function findings(glb: Uint8Array) {
  const r = await readGltf(glb);
  return {
    model: r.model,
    list: r.diagnostics.map((d) => [d.code, d.start, d.severity, d.message]),
  };
}

describe("glTF findings that had no test, each at the JSON chunk's byte 20", () => {
  it("the small file is read without a finding (the cases below each break one thing)", async () => {
    const r = await findings(await tiny());
    expect(r.list).toEqual([]);
    expect(r.model!.meshes.map((m) => m.name)).toEqual(["Body"]);
  });

  it("GLT003: no mesh with a triangle primitive (lines only) — nothing to deform, no model", async () => {
    const r = await findings(await tiny({ mode: 1, indices: [0, 1, 1, 2] }));
    expect(r.list).toEqual([
      ["GLT005", 20, "warning", "mesh 'Body': a primitive of mode 1 is skipped"],
      ["GLT003", 20, "error", "the glTF has no mesh with triangles"],
    ]);
    expect(r.model).toBeUndefined();
  });

  it("GLT004: a triangle refers to a vertex past its primitive's; that mesh is not read", async () => {
    const r = await findings(await tiny({ indices: [0, 1, 7], second: true }));
    expect(r.list).toEqual([
      ["GLT004", 20, "error", "mesh 'Body': a triangle refers to vertex 7; the primitive has 3"],
    ]);
    expect(r.model!.meshes.map((m) => m.name)).toEqual(["Plate"]);
  });

  it("GLT005: a strip is skipped with a warning; the mesh's other triangles are read", async () => {
    const r = await findings(await tiny({ mode: 5, second: true }));
    expect(r.list).toEqual([
      ["GLT005", 20, "warning", "mesh 'Body': a primitive of mode 5 is skipped"],
    ]);
    expect(r.model!.meshes.map((m) => m.name)).toEqual(["Plate"]);
  });

  it("GLT006: a skinned mesh's primitive without JOINTS_0 / WEIGHTS_0", async () => {
    const r = await findings(await tiny({ skinData: false, second: true }));
    expect(r.list).toEqual([
      ["GLT006", 20, "error", "mesh 'Body': no JOINTS_0 and WEIGHTS_0 of 4 per vertex"],
    ]);
    expect(r.model!.meshes.map((m) => m.name)).toEqual(["Plate"]);
  });

  it("GLT009: too few inverse bind matrices, or a singular one — identity used, the skin still read", async () => {
    const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    const few = await findings(await tiny({ ibm: identity }));
    expect(few.list).toEqual([
      ["GLT009", 20, "error", "skin 'Rig': 1 inverse bind matrices for 2 joints; identity used"],
    ]);
    const flat = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    const singular = await findings(await tiny({ ibm: [...identity, ...flat] }));
    expect(singular.list).toEqual([
      [
        "GLT009",
        20,
        "error",
        "skin 'Rig': joint 1's inverse bind matrix is not invertible (of 2); identity used",
      ],
    ]);
    expect([...singular.model!.skins[0]!.inverseBind.subarray(12, 24)]).toEqual([
      1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0,
    ]);
  });

  it("through the CLI: rig from-gltf shows the finding at the file's byte 20 and writes nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "glt-findings-"));
    writeFileSync(join(dir, "bad.glb"), await tiny({ indices: [0, 1, 7] }));
    const r = await cli(["rig", "from-gltf", "bad.glb", "-o", "bad.rig.json"], dir);
    expect(r.code).toBe(1);
    // A binary file's finding: line 1, column byte + 1, and the byte itself.
    expect(r.err).toContain(
      "bad.glb:1:21: error GLT004: mesh 'Body': a triangle refers to vertex 7; the primitive has 3 (byte 20)",
    );
    expect(r.err).toContain(
      "bad.glb:1:21: error GLT003: the glTF has no mesh with triangles (byte 20)",
    );
    expect(existsSync(join(dir, "bad.rig.json"))).toBe(false);
  });
});
