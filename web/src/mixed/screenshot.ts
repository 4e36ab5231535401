/**
 * The screenshot the Mixed workspace saves: the view's picture with what the
 * screen shows about its colours — each legend's title (body, scalar, unit),
 * colour bar and tick labels, as drawn in the legend strip — and the time.
 */

/** One legend as the screen shows it. */
export interface LegendPicture {
  readonly title: string;
  /** The legend's colour bar (its own canvas). */
  readonly bar: CanvasImageSource;
  /** The tick labels, lowest first, evenly spaced along the bar. */
  readonly ticks: readonly string[];
}

/** The legends in `root` (the Mixed legend panel's `.legend` elements), as drawn. */
export function legendPictures(root: ParentNode): LegendPicture[] {
  const out: LegendPicture[] = [];
  for (const legend of root.querySelectorAll<HTMLElement>(".legend")) {
    const bar = legend.querySelector("canvas");
    if (!bar) continue;
    out.push({
      title: legend.querySelector(".title")?.textContent ?? "",
      bar,
      ticks: [...legend.querySelectorAll(".tick")].map((e) => e.textContent ?? ""),
    });
  }
  return out;
}

/** Sizes of the legend band in CSS pixels (multiplied by the picture's scale). */
const BAND = { pad: 10, cell: 260, title: 14, bar: 12, gap: 4, ticks: 14, font: 12 } as const;

/** Height of one row of legends, in CSS pixels. */
const ROW = BAND.title + BAND.gap + BAND.bar + BAND.gap + BAND.ticks + BAND.pad;

/**
 * A new canvas: `view` (the WebGL canvas, `scale` device pixels per CSS
 * pixel) with `time` written on its top left corner and, below it, a band
 * with the legends side by side (wrapping into rows).
 */
export function composeScreenshot(
  view: CanvasImageSource & { readonly width: number; readonly height: number },
  legends: readonly LegendPicture[],
  time: string,
  scale = 1,
): HTMLCanvasElement {
  const s = scale > 0 && Number.isFinite(scale) ? scale : 1;
  const width = view.width;
  const columns = Math.max(1, Math.min(legends.length, Math.floor(width / (BAND.cell * s))));
  const rows = Math.ceil(legends.length / columns);
  const band = rows === 0 ? 0 : Math.ceil((rows * ROW + BAND.pad) * s);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = view.height + band;
  const g = canvas.getContext("2d");
  if (!g) return canvas;
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(view, 0, 0);
  g.font = `${BAND.font * s}px system-ui, sans-serif`;
  g.textBaseline = "top";
  writeTime(g, time, s);
  const cellWidth = width / columns;
  legends.forEach((legend, i) => {
    const x = (i % columns) * cellWidth + BAND.pad * s;
    const y = view.height + (Math.floor(i / columns) * ROW + BAND.pad) * s;
    drawLegend(g, legend, x, y, cellWidth - 2 * BAND.pad * s, s);
  });
  return canvas;
}

/** The time on a light box at the picture's top left corner. */
function writeTime(g: CanvasRenderingContext2D, time: string, s: number): void {
  const w = g.measureText(time).width + 2 * BAND.gap * s;
  g.fillStyle = "rgba(255, 255, 255, 0.85)";
  g.fillRect(BAND.gap * s, BAND.gap * s, w, (BAND.font + 2 * BAND.gap) * s);
  g.fillStyle = "#1a202c";
  g.textAlign = "left";
  g.fillText(time, 2 * BAND.gap * s, 2 * BAND.gap * s);
}

/** One legend in a box `width` wide at (x, y): title, bar, ticks (ends aligned to the bar's ends). */
function drawLegend(
  g: CanvasRenderingContext2D,
  legend: LegendPicture,
  x: number,
  y: number,
  width: number,
  s: number,
): void {
  g.fillStyle = "#1a202c";
  g.textAlign = "left";
  g.fillText(legend.title, x, y, width);
  const barY = y + (BAND.title + BAND.gap) * s;
  g.imageSmoothingEnabled = true;
  g.drawImage(legend.bar, x, barY, width, BAND.bar * s);
  const tickY = barY + (BAND.bar + BAND.gap) * s;
  const n = legend.ticks.length;
  legend.ticks.forEach((text, i) => {
    g.textAlign = i === 0 ? "left" : i === n - 1 ? "right" : "center";
    g.fillText(text, x + (n > 1 ? (width * i) / (n - 1) : 0), tickY);
  });
}
