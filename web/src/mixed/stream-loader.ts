/**
 * Playing a binary `.agr` larger than the page should hold: past
 * {@link STREAM_THRESHOLD_BYTES} (or with `stream=1` in the route) the mesh
 * workspace reads the header, times, positions and cells with range
 * requests, and each frame's values on demand into a bounded cache
 * (`cacheMiB=` in the route, default {@link FRAME_CACHE_DEFAULTS}) that reads
 * ahead of the playhead. The workspace element shows the cache's counts
 * (`data-cache-bytes`, `data-cache-peak`, `data-cache-budget`, `data-range-reads`).
 */
import type { FileReport } from "../../../src/core/report.js";
import { reportHasErrors } from "../../../src/core/report.js";
import {
  AGR_MAGIC,
  AgrFrameCache,
  FRAME_CACHE_DEFAULTS,
  openAgrStream,
} from "../../../src/mixed/agr/index.js";
import { meshAloneScene } from "../../../src/mixed/sample/index.js";
import { projectFileSize, readProjectRange } from "../api.js";
import { t } from "../i18n.js";
import type { Route } from "../route.js";
import { streamedFrames } from "./frame-source.js";
import type { LoadedScene } from "./workspace.js";

/** Binary `.agr` files larger than this (bytes) are streamed: 256 MiB. */
export const STREAM_THRESHOLD_BYTES = 256 * 1024 * 1024;

/** The streamed scene of `file`, or undefined when it is not streamed (read whole instead). */
export async function loadStreamed(file: string, route: Route): Promise<LoadedScene | undefined> {
  if (!file.toLowerCase().endsWith(".agr")) return undefined;
  const forced = route.params?.stream === "1";
  let size: number | "missing";
  try {
    size = await projectFileSize(file);
  } catch {
    return undefined;
  }
  if (size === "missing" || (!forced && size <= STREAM_THRESHOLD_BYTES)) return undefined;
  const read = (offset: number, length: number) => readProjectRange(file, offset, length);
  const head = await read(0, Math.min(size, AGR_MAGIC.length));
  // A text .agr is read whole (the text reader needs all of it).
  if (!AGR_MAGIC.every((b, i) => head[i] === b)) return undefined;
  const opened = await openAgrStream(read, size);
  const report: FileReport[] =
    opened.diagnostics.length > 0 ? [{ file, diagnostics: opened.diagnostics }] : [];
  if (!opened.model || !opened.header || reportHasErrors(report)) return { report };
  const mib = Number(route.params?.cacheMiB);
  const cache = new AgrFrameCache(opened.header, read, {
    budgetBytes: mib > 0 ? mib * 1024 * 1024 : FRAME_CACHE_DEFAULTS.budgetBytes,
  });
  const budget = cache.budgetBytes / 2 ** 20;
  return {
    report,
    note: () => t("mesh.streamed", { budget: +budget.toPrecision(3) }),
    scene: meshAloneScene(file, opened.model),
    sources: new Map([[opened.model, streamedFrames(cache)]]),
    ready: (session) => {
      const el = session.viewer.container.closest<HTMLElement>(".workspace");
      let queued = false;
      cache.onArrive = () => {
        // The view was closed: nothing to draw on.
        if (!session.viewer.renderer.domElement.isConnected) return;
        if (el) {
          el.dataset.cacheBytes = String(cache.bytes);
          el.dataset.cachePeak = String(cache.peakBytes);
          el.dataset.cacheBudget = String(cache.budgetBytes);
          el.dataset.rangeReads = String(cache.reads);
        }
        if (queued) return;
        queued = true;
        requestAnimationFrame(() => {
          queued = false;
          session.redraw();
          // The legend's range grows as frames arrive, also while paused.
          session.signals.time.dispatch(session.clock.time);
        });
      };
    },
  };
}
