/** Text about to reach a terminal, made harmless: no escape sequences or other control bytes from files. */

// C0 controls except tab, line feed and carriage return (progress bars redraw with \r), DEL, C1 controls.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** `text` with every control character shown as a `\xNN` escape instead of being sent raw. */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}
