/**
 * The stage's overlays, drawn over the picture at screen resolution:
 * control points with their names, cuts (polylines through control points),
 * and during an in-between the discs of the classic engine, radius
 * R_j = (|K_j − L_j| + l) / 2 around each control point K_j (the key
 * frame's in the fraction reading, the in-between's otherwise), with a line
 * to where it goes (L_j).
 */
import type { View } from "./session.js";

/** Which overlays are on. */
export interface OverlayOptions {
  points: boolean;
  cuts: boolean;
  discs: boolean;
  regions: boolean;
}

/** Picture pixels → canvas pixels: x' = (x + 0.5) · scale (pixel centres). */
export interface StageMap {
  readonly scale: number;
  /** Device pixels per CSS pixel. */
  readonly dpr: number;
}

/** Radius of disc j of the classic engine: (|K_j − L_j| + l) / 2. */
export function discRadius(
  points: Float64Array,
  target: Float64Array,
  j: number,
  correction: number,
): number {
  const dx = target[j * 2]! - points[j * 2]!;
  const dy = target[j * 2 + 1]! - points[j * 2 + 1]!;
  return (Math.hypot(dx, dy) + correction) / 2;
}

/**
 * Draws the overlays of `view` into `g` (a canvas of device pixels);
 * `active` is the point under the pointer or being dragged (−1: none).
 */
export function drawOverlays(
  g: CanvasRenderingContext2D,
  view: View,
  map: StageMap,
  options: OverlayOptions,
  correction: number,
  active = -1,
): void {
  const k = map.scale * map.dpr;
  const X = (x: number) => (x + 0.5) * k;
  const pts = view.points;
  const n = view.names.length;
  const px = map.dpr;
  g.lineJoin = "round";
  g.lineCap = "round";
  if (options.discs && view.classic && view.target) {
    const tgt = view.target;
    const centres = view.discCentres ?? pts;
    for (let j = 0; j < n; j++) {
      const x = X(centres[j * 2]!);
      const y = X(centres[j * 2 + 1]!);
      const r = discRadius(centres, tgt, j, correction) * k;
      g.beginPath();
      g.arc(x, y, r, 0, 2 * Math.PI);
      g.fillStyle = "rgba(56, 189, 248, 0.12)";
      g.fill();
      g.lineWidth = 1 * px;
      g.strokeStyle = "rgba(14, 165, 233, 0.85)";
      g.stroke();
      g.beginPath();
      g.moveTo(x, y);
      g.lineTo(X(tgt[j * 2]!), X(tgt[j * 2 + 1]!));
      g.setLineDash([3 * px, 3 * px]);
      g.stroke();
      g.setLineDash([]);
      g.strokeRect(X(tgt[j * 2]!) - 2.5 * px, X(tgt[j * 2 + 1]!) - 2.5 * px, 5 * px, 5 * px);
    }
  }
  if (options.regions) drawRegions(g, view, X, px);
  if (options.cuts) {
    for (const cut of view.cuts) {
      if (cut.length < 2) continue;
      g.beginPath();
      cut.forEach((i, m) => {
        const x = X(pts[i * 2]!);
        const y = X(pts[i * 2 + 1]!);
        if (m === 0) g.moveTo(x, y);
        else g.lineTo(x, y);
      });
      g.lineWidth = 4 * px;
      g.strokeStyle = "rgba(255, 255, 255, 0.7)";
      g.stroke();
      g.lineWidth = 2 * px;
      g.strokeStyle = "#e11d48";
      g.stroke();
    }
  }
  if (options.points) {
    g.font = `${11 * px}px system-ui, sans-serif`;
    g.textBaseline = "middle";
    for (let j = 0; j < n; j++) {
      const x = X(pts[j * 2]!);
      const y = X(pts[j * 2 + 1]!);
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      const on = j === active;
      g.beginPath();
      g.arc(x, y, (on ? 6 : 4) * px, 0, 2 * Math.PI);
      g.fillStyle = on ? "#facc15" : "#f59e0b";
      g.fill();
      g.lineWidth = 1.5 * px;
      g.strokeStyle = "#1f2933";
      g.stroke();
    }
    drawLabels(g, view, X, px, active);
  }
}

/**
 * The points' names beside them, the active one first; a name that would
 * overlap one already drawn is left out (a crowded face at a small scale).
 */
function drawLabels(
  g: CanvasRenderingContext2D,
  view: View,
  X: (v: number) => number,
  px: number,
  active: number,
): void {
  const taken: [number, number, number, number][] = [];
  const order = [...view.names.keys()];
  if (active >= 0) order.unshift(...order.splice(active, 1));
  const h = 13 * px;
  for (const j of order) {
    const x = X(view.points[j * 2]!) + 7 * px;
    const y = X(view.points[j * 2 + 1]!) - 7 * px;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const label = view.names[j]!;
    const w = g.measureText(label).width;
    const box: [number, number, number, number] = [x, y - h / 2, x + w, y + h / 2];
    if (taken.some((b) => b[0] < box[2] && box[0] < b[2] && b[1] < box[3] && box[1] < b[3]))
      continue;
    taken.push(box);
    g.lineWidth = 3 * px;
    g.strokeStyle = "rgba(255, 255, 255, 0.85)";
    g.strokeText(label, x, y);
    g.fillStyle = "#1f2933";
    g.fillText(label, x, y);
  }
}

/** Index of the control point of `view` within `radius` canvas pixels of (cx, cy), nearest first; −1 when none. */
export function pointAt(view: View, map: StageMap, cx: number, cy: number, radius: number): number {
  const k = map.scale * map.dpr;
  let best = -1;
  let bestD = radius * map.dpr;
  for (let j = 0; j < view.names.length; j++) {
    const d = Math.hypot(
      (view.points[j * 2]! + 0.5) * k - cx,
      (view.points[j * 2 + 1]! + 0.5) * k - cy,
    );
    if (d <= bestD) {
      best = j;
      bestD = d;
    }
  }
  return best;
}

/** Each region's mask polygon: dashed while it rests, solid with its name while it plays. */
function drawRegions(
  g: CanvasRenderingContext2D,
  view: View,
  X: (v: number) => number,
  px: number,
): void {
  g.font = `${11 * px}px system-ui, sans-serif`;
  g.textBaseline = "bottom";
  for (const r of view.regions ?? []) {
    if (r.polygon.length < 3) continue;
    g.beginPath();
    for (const [i, p] of r.polygon.entries()) {
      if (i === 0) g.moveTo(X(p.x), X(p.y));
      else g.lineTo(X(p.x), X(p.y));
    }
    g.closePath();
    g.setLineDash(r.active ? [] : [4 * px, 4 * px]);
    g.lineWidth = (r.active ? 2 : 1) * px;
    g.strokeStyle = r.active ? "#7c3aed" : "rgba(124, 58, 237, 0.6)";
    g.stroke();
    g.setLineDash([]);
    const top = r.polygon.reduce((a, p) => (p.y < a.y || (p.y === a.y && p.x < a.x) ? p : a));
    g.fillStyle = g.strokeStyle;
    g.fillText(r.name, X(top.x) + 3 * px, X(top.y) - 2 * px);
  }
}
