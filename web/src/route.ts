/**
 * Deep links: `#/mixed?file=<path in project>&t=<seconds | N%>`, and
 * `#/file?file=<path>` for one file's check and summary.
 */

/** A parsed location hash. */
export interface Route {
  /** Workspace: `mixed`, `bulge` or `live`; `file` checks one file of any FRUND format. */
  readonly workspace: "mixed" | "bulge" | "live" | "file";
  /** Project-relative file to open, if any. */
  readonly file?: string;
  /** Time: seconds, or a fraction of the duration when `percent` is set. */
  readonly t?: { readonly value: number; readonly percent: boolean };
}

/** Parses `location.hash`; unknown workspaces fall back to `mixed`. */
export function parseRoute(hash: string): Route {
  const m = /^#\/(\w+)(?:\?(.*))?$/.exec(hash);
  const ws = m?.[1];
  const workspace = ws === "bulge" || ws === "live" || ws === "file" ? ws : "mixed";
  const params = new URLSearchParams(m?.[2] ?? "");
  const file = params.get("file") ?? undefined;
  const rawT = params.get("t");
  let t: Route["t"];
  if (rawT !== null && rawT.trim() !== "" && rawT.trim() !== "%") {
    const percent = rawT.endsWith("%");
    const value = Number(percent ? rawT.slice(0, -1) : rawT);
    if (Number.isFinite(value)) t = { value: percent ? value / 100 : value, percent };
  }
  return { workspace, ...(file ? { file } : {}), ...(t ? { t } : {}) };
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
  const q = params.toString();
  return `#/${r.workspace}${q ? `?${q}` : ""}`;
}
