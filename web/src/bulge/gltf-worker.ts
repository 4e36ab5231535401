/**
 * Reads a glTF character for the bulge preview off the page's main thread:
 * the `.glb` read whole by the bulge system's reader, and for each skin the
 * rig `rig from-gltf` makes of it. Everything it answers is plain data.
 */
import { readGltf, rigFromGltf } from "../../../src/bulge/gltf/index.js";
import type { CharacterRead } from "./gltf-read.js";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<{ bytes: Uint8Array; name: string }>) => void) | null;
  postMessage(reply: CharacterRead): void;
};

scope.onmessage = (e) => {
  void read(e.data.bytes, e.data.name).then(
    (reply) => scope.postMessage(reply),
    (err: unknown) =>
      scope.postMessage({ error: err instanceof Error ? err.message : String(err), rigs: [] }),
  );
};

async function read(bytes: Uint8Array, name: string): Promise<CharacterRead> {
  const r = await readGltf(bytes);
  const error = r.diagnostics.find((d) => d.severity === "error");
  if (!r.model || error) return { error: error?.message ?? "no mesh", rigs: [] };
  const model = r.model;
  const rigs = model.skins.map((_, i) => {
    const made = rigFromGltf(model, i, name);
    const problem = made.diagnostics.find((d) => d.severity === "error");
    return made.rig && !problem ? made.rig : (problem?.message ?? "no rig");
  });
  return { asset: model, rigs };
}
