/** Keyboard helpers the workspaces share. */

/**
 * Whether a key event's target is a field that takes typing (input, select,
 * text area) — or, with `buttons`, also a button (Space and Enter press it).
 * Workspace shortcuts stand aside for those.
 */
export function typingTarget(target: EventTarget | null, buttons = false): boolean {
  const tag = (target as Partial<HTMLElement> | null)?.tagName;
  return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || (buttons && tag === "BUTTON");
}
