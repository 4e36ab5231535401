/** Text from files made harmless to show: control characters as visible `\xNN` escapes. */

/** Whether code unit `c` is a control character other than tab, line feed and carriage return (progress bars redraw with \r). */
function isControl(c: number): boolean {
  return (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f);
}

/**
 * `text` with every control character (escape sequences, bells, C1 codes)
 * shown as a `\xNN` escape instead of raw; tab, LF and CR stay.
 */
export function escapeControls(text: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isControl(c)) continue;
    out += `${text.slice(from, i)}\\x${c.toString(16).padStart(2, "0")}`;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
