/**
 * The page side of the Mesh workspace's worker (web/src/mixed/mesh-load.ts):
 * which buffers a reply transfers, and the fallback to reading on the page
 * where no module worker can be made.
 */
import { describe, expect, it } from "vitest";
import { loadMeshInWorker, transferables } from "../../web/src/mixed/mesh-load.js";

describe("the Mesh workspace's reader worker, page side", () => {
  // decision 215
  it("transfers every typed array's buffer once, shared views included, and nothing else", () => {
    const a = new Float32Array(4);
    const b = new Uint32Array(2);
    const shared = new Float32Array(a.buffer, 4, 2);
    const reply = {
      file: {
        model: { positions: a, connectivity: b, scalarValues: [shared, a], name: "x", times: [0] },
        report: [{ file: "x.pvd", diagnostics: [] }],
      },
    };
    const got = transferables(reply);
    expect(got).toHaveLength(2);
    expect(new Set(got)).toEqual(new Set([a.buffer, b.buffer]));
    expect(transferables({ a: 1, b: "s", c: null, d: [undefined] })).toEqual([]);
  });

  // decision 215
  it("answers undefined (read on the page) where no worker can be made", async () => {
    expect(typeof (globalThis as { Worker?: unknown }).Worker).toBe("undefined");
    expect(await loadMeshInWorker("x.pvd")).toBeUndefined();
  });
});
