/** The GIF export of what a live session played (the ring), for the Live workspace and `<deforma-live>` alike. */
import { stemOf } from "../../../src/core/path.js";
import { t } from "../i18n.js";
import { downloadBytes } from "../shell/download.js";
import { encodeGif } from "./backend.js";
import type { LiveSession } from "./session.js";

/**
 * Encodes the frames played last as a GIF and offers it as a download,
 * saying how it went through `say`; plays on afterwards when it was playing
 * and `stillOpen()` (the session was not closed meanwhile).
 */
export async function exportPlayedGif(
  session: LiveSession,
  say: (message: string) => void,
  stillOpen: () => boolean,
): Promise<void> {
  const frames = session.ring.frames();
  if (frames.length === 0) {
    say(t("live.exportEmpty"));
    return;
  }
  const rate = session.scene.params.rateHz;
  say(t("live.exporting", { count: frames.length }));
  // Encoding blocks the page: pause (so it is not counted as dropped ticks), let the status show.
  const playing = session.playing;
  session.pause();
  await new Promise((r) => setTimeout(r, 20));
  try {
    const bytes = encodeGif(frames, 1000 / rate);
    const file = `${stemOf(stemOf(session.loaded.path))}-live.gif`;
    downloadBytes(bytes, file, "image/gif");
    const seconds = (frames.length / rate).toFixed(1);
    say(t("live.exported", { file, count: frames.length, seconds }));
  } catch (e) {
    say(t("live.exportFailed", { error: (e as Error).message }));
  }
  if (playing && stillOpen()) session.play();
}
