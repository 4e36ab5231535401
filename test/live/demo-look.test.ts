/**
 * The demo face's transitions as an animator sees them (issue 20, "no
 * doubled outlines"): unexplained dark pixels (test/live/demo-look.ts)
 * at every in-between of the improved engine, against the face drawn at
 * the halfway expression.
 */
import { describe, expect, it } from "vitest";
import { doubling, inbetweens } from "./demo-look.js";

const EYES = [80, 70, 240, 135] as const;
const MOUTH = [100, 140, 220, 210] as const;

describe("the demo face, improved engine, looked at by numbers", () => {
  // decision 430
  // decision 431 (a closed eye's lower-lid points below its line: 44 such pixels with them on it)
  it("closes the lids in a blink without a second, fading lid (at most 24 unexplained dark pixels per in-between)", () => {
    // With three points per lid (the scene before decision 430) the open
    // lid's arc lay up to 3.5 px above its cut: up to 186 such pixels.
    const counts = doubling(inbetweens("improved", "neutral", "blink"), "neutral", "blink", EYES);
    expect(Math.max(...counts), counts.join(" ")).toBeLessThanOrEqual(24);
  });

  // decision 430
  it("bends the lips along their curve in greet, not into a V under it (no unexplained dark pixel beyond 4)", () => {
    // With three points per lip (the scene before decision 430): up to 28 such pixels.
    const counts = doubling(inbetweens("improved", "neutral", "smile"), "neutral", "smile", MOUTH);
    expect(Math.max(...counts), counts.join(" ")).toBeLessThanOrEqual(4);
  });
});
