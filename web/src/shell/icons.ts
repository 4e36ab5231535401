/**
 * The studio's icon set: inline SVG drawn from path data on a 24×24 grid, so
 * buttons never depend on a font having a glyph (⏸ is an empty box in some
 * Chromium builds). Strokes use `currentColor`.
 */

const PATHS = {
  play: "M7 4.5v15l12.5-7.5z",
  pause: "M6.5 4.5h4v15h-4zM13.5 4.5h4v15h-4z",
  stepBack: "M6 5h2.5v14H6zM19 5v14L9.5 12z",
  stepForward: "M15.5 5H18v14h-2.5zM5 5v14l9.5-7z",
  loop: "M4 12a6 6 0 0 1 6-6h8M15 3l3 3-3 3M20 12a6 6 0 0 1-6 6H6M9 21l-3-3 3-3",
  fit: "M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5",
  camera: "M3 8h4l2-3h6l2 3h4v11H3zM12 10.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z",
  download: "M12 4v11M7 10l5 5 5-5M5 20h14",
  upload: "M12 20V9M7 14l5-5 5 5M5 4h14",
  edges: "M4 20L12 4l8 16zM8 12h8M12 4v16",
  grid: "M4 4h16v16H4zM4 9.3h16M4 14.7h16M9.3 4v16M14.7 4v16",
  close: "M6 6l12 12M18 6L6 18",
  undo: "M9 5L4 10l5 5M4 10h10a6 6 0 0 1 0 12h-3",
  redo: "M15 5l5 5-5 5M20 10H10a6 6 0 0 0 0 12h3",
  save: "M5 4h11l3 3v13H5zM8 4v5h7V4M8 20v-6h8v6",
  plus: "M12 5v14M5 12h14",
  trash: "M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13",
  share:
    "M18 2.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM6 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM18 16.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM8.2 13.3l7.6 4.4M15.8 6.3l-7.6 4.4",
} as const;

/** A name of the icon set. */
export type IconName = keyof typeof PATHS;

/** Icons drawn filled; the others are outlines. */
const FILLED = new Set<IconName>(["play", "pause", "stepBack", "stepForward"]);

const SVG = "http://www.w3.org/2000/svg";

/** A new 1em inline SVG of `name` (decorative: the button that holds it carries the label). */
export function icon(name: IconName): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "1.15em");
  svg.setAttribute("height", "1.15em");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", `icon icon-${name}`);
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", PATHS[name]);
  if (FILLED.has(name)) path.setAttribute("fill", "currentColor");
  else {
    path.setAttribute("fill", "none");
    path.setAttribute("stroke", "currentColor");
    path.setAttribute("stroke-width", "2");
    path.setAttribute("stroke-linecap", "round");
    path.setAttribute("stroke-linejoin", "round");
  }
  svg.append(path);
  return svg;
}
