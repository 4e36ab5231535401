/** The live scene format: the example, every code located, conditions, image paths, the writer. */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PARAMS,
  imagePathProblem,
  isConditionError,
  isSafeImagePath,
  LIVE,
  parseCondition,
  readScene,
  type Scene,
  sceneImages,
  sceneSummary,
  validateScene,
  writeScene,
} from "../../src/live/index.js";
import { fixture, where } from "../helpers.js";
import { REGION_CASES } from "./region-cases.js";

const EXAMPLE = fixture("live/example.scene.json");

/** Every code a test below saw reported. */
const seen = new Set<string>();

/** `readScene`, noting the codes it reports. */
function read(t: string) {
  const r = readScene(t);
  for (const d of r.diagnostics) seen.add(d.code);
  return r;
}

type Json = Record<string, unknown>;

/** A small sound scene as a plain object. */
function base(): Json {
  return {
    version: 1,
    size: [100, 80],
    zeroFrame: "n",
    frames: [
      { name: "n", image: "n.png", points: { p: [10, 10], q: [20, 20] }, cuts: [["p", "q"]] },
      { name: "s", image: "s.png", points: { p: [12, 10], q: [22, 20] } },
    ],
    stories: { smile: ["s"] },
    signals: [{ name: "loud", min: 0, max: 1 }],
    rules: [{ event: "greet", story: "smile" }],
  };
}

/** JSON, two-space indent, arrays of scalars on one line (so values sit on their own lines). */
function text(o: unknown): string {
  return JSON.stringify(o, null, 2).replace(
    /\[\s+([^[\]{}]*?)\s+\]/g,
    (_, inner: string) => `[${inner.replace(/,\s+/g, ", ")}]`,
  );
}

/** The base scene changed by `edit`, as text. */
function sceneWith(edit: (s: Json & { frames: Json[]; rules: Json[] }) => void): string {
  const s = base() as Json & { frames: Json[]; rules: Json[] };
  edit(s);
  return text(s);
}

/**
 * The one diagnostic of `t`: its code, that its span is the `nth` occurrence of
 * `needle` (−1: the last); returns it as `CODE@line:col`.
 */
function only(t: string, code: string, needle: string, nth = 0): string {
  const r = read(t);
  expect(r.diagnostics.map((d) => `${d.code} ${d.message}`)).toHaveLength(1);
  const d = r.diagnostics[0]!;
  expect(d.code).toBe(code);
  let at = nth < 0 ? t.lastIndexOf(needle) : -1;
  for (let k = 0; k <= nth; k++) at = t.indexOf(needle, at + 1);
  expect(at).toBeGreaterThanOrEqual(0);
  expect([d.start, t.slice(d.start, d.end)]).toEqual([at, needle]);
  return where(r.diagnostics, t)[0]!;
}

describe("the example scene", () => {
  // decision 71
  it("reads without findings into the model, and writes back byte for byte", () => {
    const r = readScene(EXAMPLE);
    expect(r.diagnostics).toEqual([]);
    const m = r.model!;
    expect([m.width, m.height, m.zeroFrame]).toEqual([320, 240, "neutral"]);
    expect(m.params).toEqual(DEFAULT_PARAMS);
    expect(m.frames.map((f) => f.name)).toEqual(["neutral", "smile", "surprise"]);
    expect([...m.frames[0]!.points]).toEqual([
      ["mouthL", { x: 120, y: 160 }],
      ["lipMid", { x: 160, y: 162 }],
      ["mouthR", { x: 200, y: 160 }],
    ]);
    expect(m.frames[0]!.cuts).toEqual([{ points: ["mouthL", "lipMid", "mouthR"] }]);
    expect([...m.stories]).toEqual([
      ["smile", ["smile"]],
      ["surprise", ["surprise", "smile"]],
    ]);
    expect(m.rules).toEqual([
      { trigger: { kind: "event", event: "greet" }, story: "smile", priority: 0, cooldownMs: 0 },
      {
        trigger: { kind: "signal", signal: "loud", op: ">", value: 0.8 },
        story: "surprise",
        priority: 2,
        cooldownMs: 2000,
      },
      { trigger: { kind: "idle", ms: 4000 }, story: "smile", priority: 0, cooldownMs: 0 },
    ]);
    expect(m.signals).toEqual([{ name: "loud", min: 0, max: 1 }]);
    expect(writeScene(m)).toBe(EXAMPLE);
  });

  // decision 71
  it("absent optional members take their defaults", () => {
    const r = readScene(
      '{"version":1,"size":[4,4],"zeroFrame":"a","frames":[{"name":"a","image":"a.png","points":{}}]}',
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.model).toEqual({
      version: 1,
      width: 4,
      height: 4,
      zeroFrame: "a",
      frames: [{ name: "a", image: "a.png", points: new Map(), cuts: [] }],
      stories: new Map(),
      rules: [],
      signals: [],
      params: DEFAULT_PARAMS,
    } satisfies Scene);
  });

  it("the summary names size, frames with point counts, zero frame, stories and rules", () => {
    expect(sceneSummary(readScene(EXAMPLE).model!)).toEqual({
      size: [320, 240],
      zeroFrame: "neutral",
      frames: [
        { name: "neutral", points: 3, cuts: 1 },
        { name: "smile", points: 3, cuts: 1 },
        { name: "surprise", points: 3, cuts: 0 },
      ],
      stories: [
        { name: "smile", frames: ["smile"] },
        { name: "surprise", frames: ["surprise", "smile"] },
      ],
      rules: 3,
      signals: ["loud"],
    });
    expect(sceneImages(readScene(EXAMPLE).model!)).toEqual([
      "neutral.png",
      "frames/smile.png",
      "frames/surprise.png",
    ]);
  });

  it("the base scene of the tests below is sound", () => {
    expect(readScene(text(base())).diagnostics).toEqual([]);
  });
});

describe("shape diagnostics", () => {
  it("LIV001: not JSON, at the place", () => {
    const t = '{\n  "version": 1,\n  "size": [1 2]\n}';
    expect(only(t, "LIV001", "2")).toBe("LIV001@3:14");
    expect(readScene(t).model).toBeUndefined();
  });

  // decision 75
  it("LIV002: wrong types, the part left out", () => {
    expect(only("[]", "LIV002", "[]")).toBe("LIV002@1:1");
    expect(
      only(
        sceneWith((s) => (s.size = "big")),
        "LIV002",
        '"big"',
      ),
    ).toBe("LIV002@3:11");
    // A point that is no [x, y] is left out; the other frame then has one more (LIV010 follows).
    const t = sceneWith((s) => ((s.frames[0]!.points as Json).q = [1, "2"]));
    const r = read(t);
    // …and the cut through it names an unknown point.
    expect(where(r.diagnostics, t)).toEqual(["LIV002@11:14", "LIV011@14:15", "LIV010@22:9"]);
    expect(r.model!.frames[0]!.points.has("q")).toBe(false);
    only(
      sceneWith((s) => (s.frames[0]!.cuts = [["p", 3]])),
      "LIV002",
      '["p", 3]',
    );
    only(
      sceneWith((s) => (s.stories = { smile: ["s", true] })),
      "LIV002",
      "true",
    );
  });

  it("LIV003: a missing member, at its object's opening brace", () => {
    expect(
      only(
        sceneWith((s) => delete s.zeroFrame),
        "LIV003",
        "{",
      ),
    ).toBe("LIV003@1:1");
    const t = sceneWith((s) => delete s.frames[1]!.image);
    const r = read(t);
    // The frame is left out, so its story frame is unknown too.
    expect(where(r.diagnostics, t)).toEqual(["LIV003@17:5", "LIV008@26:15"]);
    expect(r.diagnostics[0]!.message).toContain("'image'");
    expect(
      only(
        sceneWith((s) => delete s.rules[0]!.story),
        "LIV003",
        "{",
        -1,
      ),
    ).toBe("LIV003@37:5");
  });

  it("LIV004: an unknown member, a warning at its name", () => {
    const r = only(
      sceneWith((s) => (s.colour = 1)),
      "LIV004",
      '"colour"',
    );
    expect(r).toBe("LIV004@42:3");
    expect(LIVE.unknown.severity).toBe("warning");
  });

  it("LIV005: version not 1", () => {
    expect(
      only(
        sceneWith((s) => (s.version = 2)),
        "LIV005",
        "2",
      ),
    ).toBe("LIV005@2:14");
  });

  it("LIV006: a member given twice (a point too), the first counts", () => {
    const t = text(base()).replace('"q": [20, 20]', '"p": [20, 20]');
    const r = read(t);
    expect(where(r.diagnostics, t)).toEqual(["LIV006@11:9", "LIV011@14:15", "LIV010@22:9"]);
    expect(r.model!.frames[0]!.points.get("p")).toEqual({ x: 10, y: 10 });
  });

  it("LIV020: a rule with no trigger or two", () => {
    only(
      sceneWith((s) => (s.rules = [{ story: "smile" }])),
      "LIV020",
      "{",
      -1,
    );
    const t = sceneWith((s) => (s.rules = [{ event: "greet", idleMs: 5, story: "smile" }]));
    only(t, "LIV020", '"idleMs"');
  });
});

describe("meaning diagnostics", () => {
  it("LIV007: two frames of one name, at the second", () => {
    const t = sceneWith((s) => {
      s.frames[1]!.name = "n";
      s.stories = { smile: ["n"] };
    });
    expect(only(t, "LIV007", '"n"', 2)).toBe("LIV007@18:15");
  });

  it("LIV008: the zero frame or a story frame unknown", () => {
    expect(
      only(
        sceneWith((s) => (s.zeroFrame = "zz")),
        "LIV008",
        '"zz"',
      ),
    ).toBe("LIV008@4:16");
    only(
      sceneWith((s) => (s.stories = { smile: ["s", "zz"] })),
      "LIV008",
      '"zz"',
    );
  });

  it("LIV009: a rule's story unknown", () => {
    only(
      sceneWith((s) => (s.rules[0]!.story = "nope")),
      "LIV009",
      '"nope"',
    );
  });

  // decision 72
  it("LIV010: a point missing in another frame names both frames and the point", () => {
    const t = sceneWith((s) => (s.frames[1]!.points = { p: [12, 10], r: [1, 1] }));
    const r = read(t);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      "control point 'q' of frame 'n' is missing in frame 's'",
      "control point 'r' of frame 's' is missing in frame 'n'",
    ]);
    expect(where(r.diagnostics, t)).toEqual(["LIV010@20:17", "LIV010@22:9"]);
    expect(t.slice(r.diagnostics[1]!.start, r.diagnostics[1]!.end)).toBe('"r"');
  });

  it("LIV011, LIV012: a cut through an unknown point, a cut of one point", () => {
    only(
      sceneWith((s) => (s.frames[0]!.cuts = [["p", "zz"]])),
      "LIV011",
      '"zz"',
    );
    only(
      sceneWith((s) => (s.frames[0]!.cuts = [["p"]])),
      "LIV012",
      '["p"]',
    );
  });

  it("LIV013: a bad size; points are then not compared with it", () => {
    only(
      sceneWith((s) => (s.size = [0, 80])),
      "LIV013",
      "[0, 80]",
    );
    only(
      sceneWith((s) => (s.size = [10.5, 80])),
      "LIV013",
      "[10.5, 80]",
    );
    only(
      sceneWith((s) => (s.size = [8193, 80])),
      "LIV013",
      "[8193, 80]",
    );
  });

  // decision 73
  it("LIV014: a point outside the picture, a warning", () => {
    const t = sceneWith((s) => ((s.frames[1]!.points as Json).q = [99.5, 79.6]));
    expect(only(t, "LIV014", "[99.5, 79.6]")).toBe("LIV014@22:14");
    // The pixels' extent is inside: −0.5 … size − 0.5.
    const edge = sceneWith((s) => ((s.frames[1]!.points as Json).q = [-0.5, 79.5]));
    expect(readScene(edge).diagnostics).toEqual([]);
  });

  it("LIV015: parameters out of range", () => {
    const bad: [Json, string][] = [
      [{ rateHz: 0 }, "0"],
      [{ inbetweens: 2.5 }, "2.5"],
      [{ inbetweens: 1001 }, "1001"],
      [{ inbetweens: 0 }, "0"],
      [{ radiusCorrection: -1 }, "-1"],
      [{ cutBand: -0.5 }, "-0.5"],
      [{ engine: "fast" }, '"fast"'],
      [{ returnToZero: "fade" }, '"fade"'],
      [{ classicReading: "exact" }, '"exact"'],
      // decision 380
      [{ classicOwnCut: "sometimes" }, '"sometimes"'],
      // decision 383
      [{ classicBandHoles: "fromK" }, '"fromK"'],
      // decision 389
      [{ classicClosing: "fades" }, '"fades"'],
    ];
    for (const [params, needle] of bad) {
      only(
        sceneWith((s) => (s.params = params)),
        "LIV015",
        needle,
        -1,
      );
    }
    // decision 285
    const ok = {
      rateHz: 30,
      inbetweens: 1000,
      engine: "improved",
      returnToZero: "morph",
      classicReading: "carry",
      classicOwnCut: "passes",
      classicBandHoles: "ownSide",
      classicClosing: "covers",
    };
    const r = readScene(sceneWith((s) => (s.params = ok)));
    expect(r.diagnostics).toEqual([]);
    expect(r.model!.params).toEqual({ ...DEFAULT_PARAMS, ...ok });
  });

  it("LIV016: a condition that does not parse, at the bad character in the string", () => {
    const t = sceneWith((s) => (s.rules = [{ when: "loud >> 0.8", story: "smile" }]));
    const r = read(t);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["LIV016"]);
    expect(r.diagnostics[0]!.start).toBe(t.indexOf("loud >>") + 6);
    expect(where(r.diagnostics, t)).toEqual(["LIV016@38:22"]);
    expect(r.model!.rules).toEqual([]);
    // With escapes before the bad character, still at its place in the file.
    const esc = t.replace("loud >> 0.8", "lo\\u0075d\\t>> 0.8");
    const e = readScene(esc).diagnostics[0]!;
    expect(e.start).toBe(esc.indexOf("\\t>>") + 3);
    // At the end of the string: at its closing quote.
    const end = t.replace("loud >> 0.8", "loud >");
    const d = readScene(end).diagnostics;
    expect(d.map((x) => [x.code, x.start, x.end])).toEqual([
      ["LIV016", end.indexOf('"loud >"') + 7, end.indexOf('"loud >"') + 8],
    ]);
  });

  it("LIV017: priority not an integer, cooldown < 0, idle ≤ 0", () => {
    only(
      sceneWith((s) => (s.rules[0]!.priority = 1.5)),
      "LIV017",
      "1.5",
    );
    only(
      sceneWith((s) => (s.rules[0]!.cooldownMs = -1)),
      "LIV017",
      "-1",
    );
    only(
      sceneWith((s) => (s.rules = [{ idleMs: 0, story: "smile" }])),
      "LIV017",
      "0",
      -1,
    );
  });

  it("LIV018: an empty story, a warning", () => {
    only(
      sceneWith((s) => (s.stories = { smile: ["s"], none: [] })),
      "LIV018",
      "[]",
    );
  });

  it("LIV019: an image path that is absolute, climbs out, or is no PNG", () => {
    for (const bad of ["../n.png", "/n.png", "C:/n.png", "a\\n.png", "n.jpg", "a//n.png"]) {
      only(
        sceneWith((s) => (s.frames[0]!.image = bad)),
        "LIV019",
        JSON.stringify(bad),
      );
    }
  });

  it("LIV021: empty names", () => {
    only(
      sceneWith((s) => (s.stories = { smile: ["s"], "": ["n"] })),
      "LIV021",
      '""',
    );
    only(
      sceneWith((s) => (s.rules[0]!.event = "")),
      "LIV021",
      '""',
    );
  });

  it("LIV022–LIV024: declared signals", () => {
    const sig = (signals: Json[]) => sceneWith((s) => (s.signals = signals));
    only(sig([{ name: "9x", min: 0, max: 1 }]), "LIV022", '"9x"');
    only(
      sig([
        { name: "loud", min: 0, max: 1 },
        { name: "loud", min: 0, max: 2 },
      ]),
      "LIV023",
      '"loud"',
      1,
    );
    only(sig([{ name: "loud", min: 2, max: 0.5 }]), "LIV024", "0.5");
  });
});

describe("conditions", () => {
  it("parse NAME OP NUMBER with white space anywhere", () => {
    expect(parseCondition("loud > 0.8")).toEqual({ signal: "loud", op: ">", value: 0.8 });
    expect(parseCondition(" a.b-c>=-1e3 ")).toEqual({ signal: "a.b-c", op: ">=", value: -1000 });
    expect(parseCondition("_x<.5")).toEqual({ signal: "_x", op: "<", value: 0.5 });
    expect(parseCondition("x <= +2.")).toEqual({ signal: "x", op: "<=", value: 2 });
  });

  it("fail at the offending character", () => {
    const at = (s: string) => {
      const c = parseCondition(s);
      return isConditionError(c) ? [c.start, c.end] : undefined;
    };
    expect(at("loud >> 0.8")).toEqual([6, 7]);
    expect(at("loud = 1")).toEqual([5, 6]);
    expect(at("9 > 1")).toEqual([0, 1]);
    expect(at("")).toEqual([0, 0]);
    expect(at("x > 1 y")).toEqual([6, 7]);
    expect(at("x > 1e999")).toEqual([4, 9]);
  });
});

describe("image paths", () => {
  // decision 74
  it("accept relative PNG paths inside the folder", () => {
    for (const ok of ["a.png", "f/b.PNG", "./c.png", "a/../b.png", "a b/ü.png"]) {
      expect(imagePathProblem(ok), ok).toBeUndefined();
      expect(isSafeImagePath(ok)).toBe(true);
    }
  });

  // decision 74
  it("refuse the rest, saying why", () => {
    const cases: [string, RegExp][] = [
      ["", /empty/],
      ["../a.png", /leaves/],
      ["a/../../a.png", /leaves/],
      ["/a.png", /absolute/],
      ["C:/a.png", /drive/],
      ["file:a.png", /scheme/],
      ["a\\b.png", /'\\'/],
      ["a//b.png", /empty segment/],
      ["a.png/", /empty segment/],
      ["a.jpg", /png/],
      ["a\u0007.png", /control/],
    ];
    for (const [path, why] of cases) expect(imagePathProblem(path), path).toMatch(why);
  });
});

describe("stories with options, queue policies, a randomised idle (issue 20)", () => {
  // decision 275
  it("a story object reads its frames and options; a duration becomes in-betweens at the rate", () => {
    const t = sceneWith((s) => {
      s.stories = {
        smile: { frames: ["s"], durationMs: 150, easing: "ease-in-out", returnToZero: "morph" },
        wink: { frames: ["s"], inbetweens: 4, easing: [0.4, 0, 0.2, 1] },
      };
      s.rules = [
        { event: "greet", story: "smile", queue: "replace", priority: 3 },
        { idleMs: [2000, 5000], story: "wink", seed: 7 },
      ];
    });
    const r = read(t);
    expect(r.diagnostics).toEqual([]);
    const m = r.model!;
    expect([...m.stories]).toEqual([
      ["smile", ["s"]],
      ["wink", ["s"]],
    ]);
    expect([...m.storyOptions!]).toEqual([
      ["smile", { durationMs: 150, inbetweens: 3, easing: "ease-in-out", returnToZero: "morph" }],
      ["wink", { inbetweens: 4, easing: [0.4, 0, 0.2, 1] }],
    ]);
    expect(m.rules[0]!.queue).toBe("replace");
    expect(m.rules[1]!.trigger).toEqual({ kind: "idle", ms: 2000, maxMs: 5000, seed: 7 });
    expect(readScene(writeScene(m)).model).toEqual(m);
  });

  it("a scene without the new members reads as before: no storyOptions, no queue", () => {
    const m = read(sceneWith(() => {})).model!;
    expect(m.storyOptions).toBeUndefined();
    expect(m.rules[0]).toEqual({
      trigger: { kind: "event", event: "greet" },
      story: "smile",
      priority: 0,
      cooldownMs: 0,
    });
  });

  it("each bad option is located at its value", () => {
    const story = (o: Json) =>
      sceneWith((s) => {
        s.stories = { smile: { frames: ["s"], ...o } };
      });
    expect(only(story({ inbetweens: 1001 }), "LIV035", "1001", -1)).toMatch(/^LIV035@/);
    expect(only(story({ inbetweens: 2.5 }), "LIV035", "2.5", -1)).toMatch(/^LIV035@/);
    expect(only(story({ durationMs: -5 }), "LIV035", "-5", -1)).toMatch(/^LIV035@/);
    expect(only(story({ durationMs: 1e9 }), "LIV035", "1000000000", -1)).toMatch(/^LIV035@/);
    expect(only(story({ easing: "bounce" }), "LIV035", '"bounce"', -1)).toMatch(/^LIV035@/);
    expect(only(story({ easing: [2, 0, 0, 1] }), "LIV035", "[2, 0, 0, 1]", -1)).toMatch(/^LIV035@/);
    expect(only(story({ returnToZero: "fade" }), "LIV035", '"fade"', -1)).toMatch(/^LIV035@/);
    expect(only(story({ inbetweens: 3, durationMs: 100 }), "LIV036", "100", -1)).toMatch(
      /^LIV036@/,
    );
    const rule = (o: Json) =>
      sceneWith((s) => {
        s.rules = [{ story: "smile", ...o }];
      });
    expect(only(rule({ event: "a", queue: "later" }), "LIV037", '"later"', -1)).toMatch(/^LIV037@/);
    expect(only(rule({ idleMs: [500, 100] }), "LIV038", "[500, 100]", -1)).toMatch(/^LIV038@/);
    expect(only(rule({ idleMs: [0, 100] }), "LIV038", "[0, 100]", -1)).toMatch(/^LIV038@/);
    expect(only(rule({ idleMs: 100, seed: 3 }), "LIV038", "3", -1)).toMatch(/^LIV038@/);
    expect(only(rule({ idleMs: [1, 2], seed: 0.5 }), "LIV038", "0.5", -1)).toMatch(/^LIV038@/);
  });
});

describe("in memory", () => {
  it("validateScene reports at offset 0 what the file would report", () => {
    const m = readScene(EXAMPLE).model!;
    const bad: Scene = { ...m, zeroFrame: "zz", width: 0 };
    expect(validateScene(bad).map((d) => [d.code, d.start])).toEqual([
      ["LIV013", 0],
      ["LIV008", 0],
    ]);
  });
});

describe("regions, driven stories and pins (issue 20)", () => {
  // decision 319
  it("locates bad regions: points in two regions, unknown points and regions, empty masks, driven rules", () => {
    for (const [t, want] of REGION_CASES)
      expect([want, where(read(t).diagnostics, t)]).toEqual([want, [want]]);
  });
});

describe("the code table", () => {
  it("every code was seen in a test above", () => {
    const codes = Object.values(LIVE).map((k) => k.code);
    expect(codes.filter((c) => !seen.has(c))).toEqual([]);
  });
});
