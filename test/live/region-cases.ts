/** Scene texts with regions, driven stories and pins, and the one finding each bad one gives (issue 20). */

/** A 40×30 scene with region `eyes` (point a) and story `o` in it; the parts are spliced in. */
export const regionText = (regions: string, stories = "", rules = "", pins = "") => `{
  "version": 1,
  "size": [40, 30],
  "zeroFrame": "n",
  "frames": [
    { "name": "n", "image": "n.png", "points": { "a": [1, 1], "b": [2, 2], "c": [3, 3] } },
    { "name": "o", "image": "o.png", "points": { "a": [1, 2], "b": [2, 3], "c": [3, 4] } }
  ],
  "stories": { "o": { "frames": ["o"], "region": "eyes" }${stories} },
  "rules": [{ "event": "x", "story": "o" }${rules}],
  "regions": {
    "eyes": { "points": ["a"], "mask": { "polygon": [[0, 0], [20, 0], [20, 10]], "feather": 2 } }${regions}
  }${pins}
}`;

const lids = (points: string, polygon: string, more = "") =>
  regionText(`,\n    "lids": { "points": ${points}, "mask": { "polygon": ${polygon}${more} } }`);
const tri = "[[0, 0], [9, 0], [9, 9]]";
const driven = (drive: string, frames = `["o"]`, region = "") =>
  regionText("", `, "p": { "frames": ${frames}${region}, "drive": ${drive} }`);
const pin = (p: string) => regionText("", "", "", `,\n  "pins": [${p}]`);

/** Bad scenes and their one finding, `CODE@line:col`. */
export const REGION_CASES: readonly (readonly [string, string])[] = [
  [lids(`["b", "a"]`, tri), "LIV040@13:31"],
  [lids(`["b", "zz"]`, tri), "LIV039@13:31"],
  [regionText("", `, "p": { "frames": ["o"], "region": "nose" }`), "LIV041@9:94"],
  [lids(`["b"]`, "[[0, 0], [9, 0], [18, 0]]"), "LIV042@13:40"],
  [lids(`["b"]`, "[[50, 50], [90, 50], [90, 90]]"), "LIV042@13:40"],
  [lids(`["b"]`, tri, `, "feather": -2`), "LIV043@13:90"],
  [lids("[]", tri), "LIV048@13:25"],
  [driven(`{ "signal": "loud", "from": 1, "to": 1 }`), "LIV044@9:130"],
  [driven(`{ "signal": "loud", "releaseMs": -5 }`), "LIV044@9:126"],
  [
    regionText(
      "",
      `, "p": { "frames": ["o"], "drive": { "signal": "loud" } }`,
      `, { "event": "y", "story": "p" }`,
    ),
    "LIV045@10:70",
  ],
  [
    regionText(
      "",
      `, "p": { "frames": ["o"], "drive": { "signal": "a" } }, "q": { "frames": ["o"], "drive": { "signal": "b" } }`,
    ),
    "LIV046@9:114",
  ],
  [driven(`{ "signal": "loud" }`, `["o", "n"]`), "LIV047@9:77"],
  [pin(`{ "kind": "hold", "polygon": ${tri} }`), "LIV030@14:22"],
  [pin(`{ "kind": "still", "polygon": [[0, 0], [1, 1]] }`), "LIV031@14:42"],
];
