import { describe, expect, it } from "vitest";
import { typingTarget } from "../../web/src/shell/keys.js";

const el = (tagName: string) => ({ tagName }) as unknown as EventTarget;

describe("typingTarget", () => {
  it("fields take typing; buttons only when asked; anything else does not", () => {
    for (const tag of ["INPUT", "SELECT", "TEXTAREA"]) expect(typingTarget(el(tag))).toBe(true);
    expect(typingTarget(el("BUTTON"))).toBe(false);
    expect(typingTarget(el("BUTTON"), true)).toBe(true);
    expect(typingTarget(el("DIV"), true)).toBe(false);
    expect(typingTarget(null)).toBe(false);
  });
});
