/**
 * Deep links: `#/<workspace>?file=<path in project>&t=<seconds | N%>`, e.g.
 * `#/mixed?file=demo.amx&t=50%` or `#/file?file=rod.agr`; any other
 * parameter (`#/bulge?code=5&flex=90`) is kept by name in `params`. Parsing is pure and
 * knows no workspace: the shell looks the id up in its registry and says so
 * when it is unknown.
 */

/** The workspace an empty hash opens. */
export const DEFAULT_WORKSPACE = "mixed";

/** A time in a route: seconds, or a fraction (0 … 1) of the duration when `percent` is set. */
export interface RouteTime {
  readonly value: number;
  readonly percent: boolean;
}

/** A parsed location hash. */
export interface Route {
  /** Workspace id as written (`mixed`, `file`, …; possibly one no workspace has). */
  readonly workspace: string;
  /** Project-relative file to open, if any. */
  readonly file?: string;
  /** Time to open at, if any. */
  readonly t?: RouteTime;
  /** Every other query parameter a workspace reads (`code`, `flex` of `#/bulge`), by name; absent when none. */
  readonly params?: Readonly<Record<string, string>>;
}

/** Parses `location.hash`; an empty hash is the default workspace, anything else keeps its id. */
export function parseRoute(hash: string): Route {
  const body = hash.replace(/^#/, "").replace(/^\//, "");
  const q = body.indexOf("?");
  const id = decodeId(q < 0 ? body : body.slice(0, q));
  const params = new URLSearchParams(q < 0 ? "" : body.slice(q + 1));
  const file = params.get("file") ?? undefined;
  const t = parseTime(params.get("t"));
  const rest: Record<string, string> = {};
  for (const [k, v] of params) if (k !== "file" && k !== "t" && !(k in rest)) rest[k] = v;
  return {
    workspace: id === "" ? DEFAULT_WORKSPACE : id,
    ...(file ? { file } : {}),
    ...(t ? { t } : {}),
    ...(Object.keys(rest).length > 0 ? { params: rest } : {}),
  };
}

/** A `t=` value: seconds (`1.5`) or a percentage (`50%`); undefined when malformed. */
export function parseTime(raw: string | null): RouteTime | undefined {
  if (raw === null) return undefined;
  const s = raw.trim();
  if (s === "" || s === "%") return undefined;
  const percent = s.endsWith("%");
  const value = Number(percent ? s.slice(0, -1) : s);
  if (!Number.isFinite(value)) return undefined;
  return { value: percent ? value / 100 : value, percent };
}

/** The hash of a route (inverse of {@link parseRoute}). */
export function formatRoute(r: Route): string {
  const params = new URLSearchParams();
  if (r.file) params.set("file", r.file);
  if (r.t)
    params.set(
      "t",
      r.t.percent ? `${+(r.t.value * 100).toFixed(4)}%` : String(+r.t.value.toFixed(6)),
    );
  for (const [k, v] of Object.entries(r.params ?? {}))
    if (k !== "file" && k !== "t") params.set(k, v);
  const q = params.toString();
  return `#/${encodeURIComponent(r.workspace)}${q ? `?${q}` : ""}`;
}

/** Seconds of a route time within `[start, end]` (a fraction is of the duration; clamped). */
export function routeSeconds(t: RouteTime, start: number, end: number): number {
  const s = t.percent ? start + t.value * (end - start) : t.value;
  return Math.min(end, Math.max(start, s));
}

function decodeId(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\/+$/, ""));
  } catch {
    return raw;
  }
}

/**
 * The parameter (`series=numbered`) that makes a route's `file` the pattern
 * of a numbered series without an index (`foam/pitzDaily_#.vtk`, as the
 * file tree names it: the last run of `#` stands for the number), opened as
 * one animation in the order of its numbers (decision 188).
 */
export const NUMBERED_SERIES = { series: "numbered" } as const;

/** Whether `r` opens a numbered series by its pattern (see {@link NUMBERED_SERIES}). */
export function isNumberedSeries(r: Route): boolean {
  return r.params?.series === NUMBERED_SERIES.series;
}
