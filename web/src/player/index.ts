/**
 * The player bundle's entry (`deforma/player`, dist/player/deforma-player.js;
 * docs/player.md): defines every element of {@link PLAYER_ELEMENTS} once
 * (a page that loads the bundle twice keeps the first definitions).
 */
import { PLAYER_ELEMENTS } from "./elements.js";

for (const [tag, element] of PLAYER_ELEMENTS) {
  if (!customElements.get(tag)) customElements.define(tag, element);
}

export { PLAYER_ELEMENTS };
