/** A small line plot on a 2-D canvas: a node's value over the whole animation, with a time marker. */

/** Draws `values` over `times` into `canvas`, with a vertical line at `now` (seconds). */
export function drawPlot(
  canvas: HTMLCanvasElement,
  times: ArrayLike<number>,
  values: ArrayLike<number>,
  now: number,
  unit: string,
): void {
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  const w = canvas.clientWidth || 280;
  const h = canvas.clientHeight || 140;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  const g = canvas.getContext("2d");
  if (!g) return;
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  g.clearRect(0, 0, w, h);
  const n = Math.min(times.length, values.length);
  if (n === 0) return;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    lo = Math.min(lo, values[i]!);
    hi = Math.max(hi, values[i]!);
  }
  if (!(hi > lo)) {
    hi = lo + 1;
    lo -= 1;
  }
  const t0 = times[0]!;
  const t1 = n > 1 ? times[n - 1]! : t0 + 1;
  const left = 56;
  const right = 8;
  const top = 8;
  const bottom = 22;
  const x = (t: number) => left + ((t - t0) / (t1 - t0)) * (w - left - right);
  const y = (v: number) => top + (1 - (v - lo) / (hi - lo)) * (h - top - bottom);
  g.strokeStyle = "#c8ccd2";
  g.lineWidth = 1;
  g.strokeRect(left, top, w - left - right, h - top - bottom);
  g.fillStyle = "#4a5058";
  g.font = "11px system-ui, sans-serif";
  g.textAlign = "right";
  g.fillText(format(hi), left - 4, top + 9);
  g.fillText(format(lo), left - 4, h - bottom);
  g.fillText(unit, left - 4, (h - bottom + top) / 2 + 4);
  g.textAlign = "left";
  g.fillText(`${format(t0)} s`, left, h - 6);
  g.textAlign = "right";
  g.fillText(`${format(t1)} s`, w - right, h - 6);
  g.strokeStyle = "#2b6cb0";
  g.lineWidth = 1.5;
  g.beginPath();
  for (let i = 0; i < n; i++) {
    if (i === 0) g.moveTo(x(times[i]!), y(values[i]!));
    else g.lineTo(x(times[i]!), y(values[i]!));
  }
  g.stroke();
  if (now >= t0 && now <= t1) {
    g.strokeStyle = "#e0115f";
    g.beginPath();
    g.moveTo(x(now), top);
    g.lineTo(x(now), h - bottom);
    g.stroke();
  }
}

/** A number in at most 4 significant digits. */
export function format(v: number): string {
  if (v === 0) return "0";
  const a = Math.abs(v);
  return a >= 1e4 || a < 1e-3 ? v.toExponential(2) : String(+v.toPrecision(4));
}
