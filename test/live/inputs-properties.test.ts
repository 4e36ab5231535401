/**
 * The events file and PNG pictures under the property suites: mutated, cut
 * and random inputs never make the readers throw, and every diagnostic is
 * coded and located.
 */
import { encode } from "fast-png";
import { createImage } from "../../src/live/image.js";
import { EVT, readEvents } from "../../src/live/index.js";
import { decodePng, PNG } from "../../src/live/png.js";
import { alwaysLocatedSuite, type FormatUnderTest, neverThrowsSuite } from "../property-suites.js";

const EVENTS_UNDER_TEST: FormatUnderTest<unknown, string> = {
  name: "live events",
  codes: EVT,
  read: (text) => readEvents(text),
};

const EVENTS_SEEDS = [
  '[{"atMs":120,"event":"greet"}]',
  '[{"atMs":0,"event":"wow","payload":{"a":[1,2,{"b":null}]}},\n {"atMs":900,"signal":"loud","value":0.9}]',
  "[]",
];

/** Small pictures, so a mutated header cannot ask for much (and the cap is low here too). */
const PNG_UNDER_TEST: FormatUnderTest<unknown, Uint8Array> = {
  name: "PNG",
  codes: PNG,
  read: (bytes) => {
    const r = decodePng(bytes, { maxPixels: 1 << 16 });
    return { model: r.image, diagnostics: r.diagnostics };
  },
};

const rgba = createImage(6, 4);
rgba.data.fill(200);
const PNG_SEEDS = [
  encode({ width: 6, height: 4, data: rgba.data, depth: 8, channels: 4 }),
  encode({
    width: 5,
    height: 2,
    data: new Uint8Array([0x44, 0, 0x11, 0x40]),
    depth: 2,
    channels: 1,
    palette: [
      [1, 2, 3],
      [4, 5, 6],
    ],
  }),
  encode({ width: 3, height: 1, data: new Uint16Array([0, 300, 65535]), depth: 16, channels: 1 }),
];

neverThrowsSuite(EVENTS_UNDER_TEST, EVENTS_SEEDS);
alwaysLocatedSuite(EVENTS_UNDER_TEST, EVENTS_SEEDS);
neverThrowsSuite(PNG_UNDER_TEST, PNG_SEEDS);
alwaysLocatedSuite(PNG_UNDER_TEST, PNG_SEEDS);
