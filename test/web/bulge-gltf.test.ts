/**
 * The pure parts of the bulge preview's glTF characters and baked export
 * (web/src/bulge/preview-gltf.ts, bake.ts) under Node: which mesh and joint
 * are shown first, the rig the preview poses, where a bake is saved, and
 * that an existing file is replaced only when the user says so.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { readGltf } from "../../src/bulge/gltf/index.js";
import { bakedPath, saveBaked } from "../../web/src/bulge/bake.js";
import { pickJoint, pickMesh, withBulgeOn } from "../../web/src/bulge/preview-gltf.js";
import { armRigOf, makeCharacter } from "../bulge/gltf-character.js";

afterEach(() => vi.unstubAllGlobals());

describe("a glTF character in the bulge preview", () => {
  // decision 270
  it("shows the named mesh, else the largest skinned one", async () => {
    const asset = (await readGltf((await makeCharacter()).glb)).model!;
    expect(pickMesh(asset, undefined).name).toBe("Body");
    expect(pickMesh(asset, "Markers").name).toBe("Markers");
    expect(pickMesh(asset, "nothing").name).toBe("Body");
  });

  // decision 270
  it("drives the named joint, else the bulged one, else an elbow, else the first with a parent", async () => {
    const rig = await armRigOf(await makeCharacter());
    expect(pickJoint(rig, "Hand")).toBe(2);
    expect(pickJoint(rig, undefined)).toBe(1);
    const bare = withBulgeOn(rig, 0);
    delete bare.joints[0]!.bulge;
    const named = (elbow: number) => ({
      ...bare,
      joints: bare.joints.map((j, i) => ({ ...j, name: i === elbow ? "LeftForeArm" : `j${i}` })),
    });
    expect(pickJoint(named(2), undefined)).toBe(2);
    expect(pickJoint(named(-1), undefined)).toBe(1);
  });

  // decision 271
  it("puts the bulge on the picked joint only, keeping its own attribute", async () => {
    const rig = await armRigOf(await makeCharacter(), 7);
    const on = withBulgeOn(rig, 2);
    expect(on.joints.map((j) => j.bulge?.code)).toEqual([undefined, undefined, 0]);
    expect(on.joints[2]!.bulge).toEqual({ code: 0, fullAngle: 90, scale: 1 });
    const own = withBulgeOn(rig, 1);
    expect(own.joints[1]!.bulge).toEqual({ code: 7, fullAngle: 90, scale: 1 });
    // The rig given is not changed.
    expect(rig.joints[1]!.bulge?.code).toBe(7);
    expect(own.joints[1]!.bulge).not.toBe(rig.joints[1]!.bulge);
  });
});

describe("the baked export", () => {
  // decision 272
  it("is saved beside the character as NAME.baked.glb", () => {
    expect(bakedPath("chars/Xbot.glb")).toBe("chars/Xbot.baked.glb");
    expect(bakedPath("a.GLB")).toBe("a.baked.glb");
  });

  // decision 272
  it("replaces an existing file only when the user confirms, and asks only then", async () => {
    const puts: string[] = [];
    let exists = false;
    vi.stubGlobal("fetch", async (url: string) => {
      puts.push(url);
      const overwrite = url.includes("overwrite=1");
      if (exists && !overwrite) return new Response("exists", { status: 409 });
      exists = true;
      return new Response("", { status: 200 });
    });
    const asked: string[] = [];
    const bytes = new Uint8Array([1, 2, 3]);
    const no = (p: string) => {
      asked.push(p);
      return false;
    };
    expect(await saveBaked("c.baked.glb", bytes, no)).toBe("saved");
    expect(asked).toEqual([]);
    expect(await saveBaked("c.baked.glb", bytes, no)).toBe("kept");
    expect(asked).toEqual(["c.baked.glb"]);
    expect(puts.filter((u) => u.includes("overwrite=1"))).toEqual([]);
    expect(await saveBaked("c.baked.glb", bytes, () => true)).toBe("saved");
    expect(puts.at(-1)).toContain("overwrite=1");
  });
});
