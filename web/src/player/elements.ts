/**
 * The player's elements, one line each (tag → class); web/src/player/index.ts
 * defines them. A composition root: it lists the systems' elements, so it
 * may import each system's workspace folder (.dependency-cruiser.cjs).
 */
import { BULGE_TAG, DeformaBulgeElement } from "../bulge/element.js";
import { DeformaLiveElement, LIVE_TAG } from "../live/element.js";
import { DeformaMeshElement, MESH_TAG } from "../mixed/element.js";

/** Every element of the player bundle. */
export const PLAYER_ELEMENTS: readonly (readonly [
  tag: string,
  element: CustomElementConstructor,
])[] = [
  [LIVE_TAG, DeformaLiveElement],
  [MESH_TAG, DeformaMeshElement],
  [BULGE_TAG, DeformaBulgeElement],
];
