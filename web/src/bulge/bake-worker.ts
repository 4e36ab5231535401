/**
 * The studio's `bulge bake`, off the page's main thread: the `.glb` read by
 * the bulge system's reader and baked by the same function the CLI runs
 * (bakeBulges), with the rig and the definitions the page sends.
 */
import { bakeBulges, readGltf } from "../../../src/bulge/gltf/index.js";
import type { BakeReply, BakeRequest } from "./bake.js";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<BakeRequest>) => void) | null;
  postMessage(reply: BakeReply, transfer?: Transferable[]): void;
};

scope.onmessage = (e) => {
  void bake(e.data).then(
    (reply) => scope.postMessage(reply, reply.glb ? [reply.glb.buffer] : []),
    (err: unknown) =>
      scope.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
};

async function bake(req: BakeRequest): Promise<BakeReply> {
  const r = await readGltf(req.bytes);
  const error = r.diagnostics.find((d) => d.severity === "error");
  if (!r.model || !r.document || error) return { error: error?.message ?? "not readable" };
  const mesh = r.model.meshes.find((m) => m.name === req.mesh);
  if (!mesh) return { error: `no mesh '${req.mesh}'` };
  const baked = bakeBulges(req.bytes, r.model, r.document, mesh, req.rig, req.definitions);
  if (baked.error !== undefined) return { error: baked.error };
  return { glb: baked.glb, targets: baked.drivers.length };
}
