import { describe, expect, it } from "vitest";
import { defineCommand, parseCommandLine, positionalNames } from "../../src/cli/command.js";
import { UsageError } from "../../src/cli/io.js";
import { editDistance, nearest } from "../../src/cli/options.js";
import { cli } from "../helpers.js";

const probe = defineCommand({
  usage: "probe FILE [options]",
  options: {
    json: { type: "boolean", help: "JSON" },
    fps: { type: "number", positive: true, value: "N", help: "frames per second" },
    step: { type: "integer", min: 1, max: 10, help: "step" },
    gltf: { type: "path", value: "OUT.glb", help: "output" },
    body: { type: "string", multiple: true, help: "bodies" },
    map: { type: "enum", choices: ["viridis", "plasma"], help: "colours" },
    output: { type: "path", short: "o", help: "out" },
  },
  positionals: [1, 1],
  async run(args) {
    // Values are typed from the declarations:
    const fps: number | undefined = args.options.fps;
    const json: boolean = args.options.json;
    const bodies: readonly string[] = args.options.body;
    const map: "viridis" | "plasma" | undefined = args.options.map;
    // @ts-expect-error a misspelt option name does not compile
    void args.options.jsn;
    // @ts-expect-error an enum value outside the choices is not a valid comparison target
    if (map === "viridi") return 3;
    return fps === undefined && !json && bodies.length === 0 ? 0 : 1;
  },
});

function parse(argv: string[]) {
  return parseCommandLine(probe, argv);
}

function usageError(argv: string[]): string {
  try {
    parse(argv);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error(`no usage error for ${argv.join(" ")}`);
}

describe("the command line parser", () => {
  it("types and converts values of every kind", () => {
    const a = parse([
      "in.amx",
      "--json",
      "--fps",
      "12.5",
      "--step=3",
      "--gltf",
      "-",
      "--body",
      "a",
      "--body",
      "b",
      "--map",
      "plasma",
      "-o",
      "x",
    ]);
    expect(a.positionals).toEqual(["in.amx"]);
    expect(a.options).toEqual({
      json: true,
      fps: 12.5,
      step: 3,
      gltf: "-",
      body: ["a", "b"],
      map: "plasma",
      output: "x",
    });
    expect(parse(["x"]).options).toEqual({ json: false, body: [] });
    expect(parse(["--", "--json"]).positionals).toEqual(["--json"]);
    expect(parse(["-"]).positionals).toEqual(["-"]);
  });

  it("suggests the nearest option for an unknown one and lists the known ones", () => {
    const m = usageError(["x", "--jsn"]);
    expect(m).toContain("unknown option --jsn (did you mean --json?)");
    expect(m).toContain("--fps, --step, --gltf, --body, --map, --output, -o, --help");
    expect(usageError(["x", "--zzzzzzzz"])).not.toContain("did you mean");
    expect(usageError(["x", "-q"])).toContain("unknown option -q");
  });

  it("says what a missing or malformed value should be", () => {
    expect(usageError(["x", "--fps", "-5"])).toBe("--fps expects a finite number > 0, got '-5'");
    expect(usageError(["x", "--fps", "abc"])).toBe("--fps expects a finite number > 0, got 'abc'");
    expect(usageError(["x", "--fps", "1e999"])).toContain("got '1e999'");
    expect(usageError(["x", "--fps", "NaN"])).toContain("got 'NaN'");
    expect(usageError(["x", "--step", "0"])).toBe(
      "--step expects an integer ≥ 1 and ≤ 10, got '0'",
    );
    expect(usageError(["x", "--step", "2.5"])).toContain("expects an integer");
    expect(usageError(["x", "--gltf"])).toBe(
      "--gltf needs a value: OUT.glb, a path (nothing follows)",
    );
    expect(usageError(["x", "--gltf", "--json"])).toContain("'--json' follows");
    expect(usageError(["x", "--map", "viridi"])).toBe(
      "--map expects one of viridis, plasma, got 'viridi'",
    );
    expect(usageError(["x", "--json=yes"])).toContain("--json takes no value");
    expect(usageError(["x", "--fps", "1", "--fps", "2"])).toContain("given twice");
  });

  it("counts positionals and names the missing one from the usage line", () => {
    expect(usageError([])).toBe("missing FILE");
    expect(positionalNames("agr convert IN OUT [--text | --binary] [--force]")).toEqual([
      "IN",
      "OUT",
    ]);
    expect(
      positionalNames("mixed export FILE.amx (--gltf OUT.glb | --vtk OUTDIR) [--fps N]"),
    ).toEqual(["FILE.amx"]);
    expect(positionalNames("studio [DIR] [--port N]")).toEqual([]);
    expect(positionalNames("check FILE... [--json]")).toEqual(["FILE"]);
    expect(usageError(["a", "b"])).toBe("unexpected argument 'b'");
  });

  it("measures edit distance and picks a near candidate only", () => {
    expect(editDistance("jsn", "json")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(nearest("--jsn", ["--json", "--no-files"])).toBe("--json");
    expect(nearest("--frame", ["--frame-step", "--fps"])).toBe("--frame-step");
    expect(nearest("--qqqq", ["--json"])).toBeUndefined();
  });
});

describe("CLI usage errors are the CLI's own, exit 2", () => {
  it("names the nearest option and never node:util's wording", async () => {
    const r = await cli(["amx", "validate", "x.amx", "--jsn"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown option --jsn (did you mean --json?)");
    expect(r.err).toContain("known options: --json, --no-files, --allow-outside, --help");
    expect(r.err).not.toMatch(/ERR_PARSE_ARGS|Unknown option '/);
  });

  it("says what --fps, --gltf and --colormap expect", async () => {
    const base = ["mixed", "export", "demo/slider-crank.amx"];
    const fps = await cli([...base, "--gltf", "x.glb", "--fps", "-5"]);
    expect(fps.code).toBe(2);
    expect(fps.err).toContain("--fps expects a finite number > 0, got '-5'");
    const gltf = await cli([...base, "--gltf"]);
    expect(gltf.code).toBe(2);
    expect(gltf.err).toContain("--gltf needs a value: OUT.glb");
    const map = await cli([...base, "--gltf", "x.glb", "--colormap", "nope"]);
    expect(map.err).toContain("--colormap expects one of viridis, plasma, inferno");
  });

  it("suggests the nearest command", async () => {
    const r = await cli(["amx", "shw"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("did you mean 'amx show'?");
    expect((await cli(["amxx"])).err).toContain("did you mean 'amx'?");
  });
});

describe("one summary per command, in its group's table", () => {
  it("a command definition cannot carry its own summary", () => {
    const c = defineCommand({
      usage: "x",
      // @ts-expect-error the summary lives in the group table only
      summary: "duplicated",
      options: {},
      positionals: [0, 0],
      run: async () => 0,
    });
    expect(c.usage).toBe("x");
  });

  it("--help of every command shows the table's summary", async () => {
    const { COMMANDS } = await import("../../src/cli/run.js");
    for (const [group, subs] of Object.entries(COMMANDS)) {
      for (const [name, entry] of Object.entries(subs)) {
        const argv = name === "" ? [group, "--help"] : [group, name, "--help"];
        const r = await cli(argv);
        expect(r.code).toBe(0);
        const summary = entry.summary.charAt(0).toUpperCase() + entry.summary.slice(1);
        expect(r.out.split("\n")[2]).toBe(`${summary}.`);
        expect(r.out).not.toContain("npm start");
      }
    }
  });
});
