/** Reads a glTF character for the bulge preview off the page's main thread (gltf-parse.ts). */
import { type CharacterRead, parseCharacter } from "./gltf-parse.js";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<{ bytes: Uint8Array; name: string }>) => void) | null;
  postMessage(reply: CharacterRead): void;
};

scope.onmessage = (e) => {
  void parseCharacter(e.data.bytes, e.data.name).then((reply) => scope.postMessage(reply));
};
