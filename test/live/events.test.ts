import { describe, expect, it } from "vitest";
import { readEvents } from "../../src/live/events/index.js";
import { where } from "../helpers.js";

describe("events file (EVENTS.json)", () => {
  it("reads events, signals and payloads in file order", () => {
    const text =
      '[{"atMs":120,"event":"greet"},{"atMs":900,"signal":"loud","value":0.9},' +
      '{"atMs":50,"event":"say","payload":{"word":"hi","n":[1,2]}}]';
    const r = readEvents(text);
    expect(r.diagnostics).toEqual([]);
    expect(r.model).toEqual([
      { atMs: 120, event: "greet" },
      { atMs: 900, signal: "loud", value: 0.9 },
      { atMs: 50, event: "say", payload: { word: "hi", n: [1, 2] } },
    ]);
    expect(r.spans![1]!.name).toEqual([text.indexOf('"loud"'), text.indexOf('"loud"') + 6]);
  });

  // decision 78
  it("locates every mistake and keeps the good entries", () => {
    const text = [
      "[",
      ' {"atMs":-5,"event":"a"},',
      ' {"atMs":"120","event":"b"},',
      ' {"event":"c"},',
      ' {"atMs":1,"event":"d","signal":"e"},',
      ' {"atMs":1,"signal":"loud"},',
      ' {"atMs":1,"signal":"loud","value":"1"},',
      ' {"atMs":1,"event":""},',
      ' {"atMs":1,"event":7},',
      ' {"atMs":1,"evnt":"x","event":"ok"},',
      ' {"atMs":1,"event":"y","atMs":2},',
      " 5,",
      ' {"atMs":1,"event":"z","value":3}',
      "]",
    ].join("\n");
    const r = readEvents(text);
    expect(where(r.diagnostics, text)).toEqual([
      "EVT006@2:10",
      "EVT002@3:10",
      "EVT003@4:2",
      "EVT004@5:24",
      "EVT003@6:2",
      "EVT002@7:36",
      "EVT007@8:20",
      "EVT002@9:20",
      "EVT005@10:12",
      "EVT008@11:24",
      "EVT002@12:2",
      "EVT005@13:24",
    ]);
    expect(r.model).toEqual([
      { atMs: 1, event: "ok" },
      { atMs: 1, event: "z" },
    ]);
  });

  it("refuses what is no array of inputs, and bad JSON, with a position", () => {
    expect(where(readEvents('{"atMs":1}').diagnostics, '{"atMs":1}')).toEqual(["EVT002@1:1"]);
    const bad = '[{"atMs":1,}]';
    expect(where(readEvents(bad).diagnostics, bad)).toEqual(["EVT001@1:12"]);
    expect(readEvents(bad).model).toBeUndefined();
  });
});
