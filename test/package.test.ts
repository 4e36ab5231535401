import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

describe("the package", () => {
  it("exports the library from the built entry points (deforma, /core, /mixed, /bulge, /live, /node)", () => {
    const script = `
      const root = await import("deforma");
      const core = await import("deforma/core");
      const mixed = await import("deforma/mixed");
      const node = await import("deforma/node");
      const bulge = await import("deforma/bulge");
      const live = await import("deforma/live");
      console.log(JSON.stringify([typeof root.readAmx, typeof root.colormap, typeof core.formatDiagnostics,
        typeof mixed.exportGltf, typeof mixed.MixedSampler, typeof node.writeFileAtomic,
        typeof bulge.readBulgeTypes, typeof bulge.readRig, typeof node.ensureCatalogue,
        typeof live.readScene, typeof live.createImage, typeof live.decodePng, typeof live.encodeGif,
        typeof live.readEvents]));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual(Array(14).fill("function"));
  });

  it("runs as a command: deforma --version and a check of the seed file", () => {
    const bin = fileURLToPath(new URL("../bin/deforma.cjs", import.meta.url));
    expect(spawnSync(process.execPath, [bin, "--version"], { encoding: "utf8" }).stdout).toBe(
      "deforma 0.1.0\n",
    );
    const r = spawnSync(
      process.execPath,
      [bin, "amx", "validate", "test/fixtures/seed/seed-flat.amx", "--no-files", "--json"],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).ok).toBe(true);
  });
});
