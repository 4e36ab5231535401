/**
 * Every `npx deforma …` line in README.md's code blocks runs as written from
 * the repository root: here in-process, in a scratch copy of the demo, in
 * order (later lines read what earlier ones wrote), each expecting exit 0.
 */
import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli, copyDemo } from "../helpers.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A README step: a `deforma` command (its arguments) or a shell line that prepares files (`mkdir`, `cp`). */
/** A command line; `warns`: the one warning code its comment says it shows (`# … warns CODE …`). */
type Step = { readonly deforma: string[]; readonly warns?: string } | { readonly shell: string };

/** The `npx deforma` command lines of the fenced code blocks of `markdown` (continuations joined). */
function readmeCommands(markdown: string): string[][] {
  return readmeSteps(markdown).flatMap((s) => ("deforma" in s ? [s.deforma] : []));
}

/** The `npx deforma`, `mkdir` and `cp` lines of the fenced code blocks of `markdown`, in order. */
function readmeSteps(markdown: string): Step[] {
  const steps: Step[] = [];
  let inBlock = false;
  let pending = "";
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) {
      inBlock = !inBlock;
      continue;
    }
    if (!inBlock) continue;
    const text = pending + line;
    if (text.endsWith("\\")) {
      pending = `${text.slice(0, -1)} `;
      continue;
    }
    pending = "";
    const code = text.replace(/\s#.*$/, "").trim();
    const warns = /\s#.*\bwarns ([A-Z]{3}\d{3})\b/.exec(text)?.[1];
    if (code.startsWith("npx deforma"))
      steps.push({ deforma: shellWords(code).slice(2), ...(warns ? { warns } : {}) });
    else if (/^(mkdir|cp) /.test(code)) steps.push({ shell: code });
  }
  return steps;
}

/** Splits a command line into words (single and double quotes, no expansions). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}

/** The files and folders a command line writes: the values of its output options. */
function outputsOf(argv: readonly string[]): string[] {
  return argv.flatMap((word, i) =>
    /^(-o|--out|--gltf|--vtk|--errlog)$/.test(word) && argv[i + 1] !== undefined
      ? [argv[i + 1]!]
      : [],
  );
}

describe("README.md", () => {
  const commands = readmeCommands(readFileSync(join(ROOT, "README.md"), "utf8"));

  it("shows CLI commands, none of which is a long-running server", () => {
    expect(commands.length).toBeGreaterThan(10);
    expect(commands.filter((c) => c[0] === "studio")).toEqual([]);
  });

  it("extracts joined continuation lines and drops comments", () => {
    expect(readmeCommands("```sh\nnpx deforma a \\\n  b # c\nnpm x\n```\nnpx deforma z\n")).toEqual(
      [["a", "b"]],
    );
  });

  it("names only files and folders that exist", () => {
    const text = readFileSync(join(ROOT, "README.md"), "utf8");
    const named = [...text.matchAll(/`([\w.-]+(?:\/[\w.-]*)*)`|\]\(([^)#\s]+)\)/g)]
      .map((m) => m[1] ?? m[2]!)
      .filter((p) => (p.includes("/") || /\.md$/.test(p)) && !p.startsWith(".out"));
    expect(named.length).toBeGreaterThan(10);
    const where = ["", "docs/", "docs/formats/"];
    const missing = named.filter((p) => !where.some((d) => existsSync(join(ROOT, d, p))));
    expect(missing).toEqual([]);
  });

  it("writes every output under .out/, which git ignores", () => {
    const outputs = commands.flatMap(outputsOf);
    expect(outputs.length).toBeGreaterThan(5);
    expect(outputs.filter((o) => !o.startsWith(".out/"))).toEqual([]);
  });

  it("every npx deforma line runs as written from the repository root (exit 0, no warnings)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-readme-"));
    copyDemo(join(dir, "demo"));
    for (const step of readmeSteps(readFileSync(join(ROOT, "README.md"), "utf8"))) {
      if ("shell" in step) {
        execSync(step.shell, { cwd: dir, shell: "/bin/bash", stdio: "ignore" });
        continue;
      }
      // On a fresh run no line replaces what an earlier one made (their --force is for running them again).
      for (const out of outputsOf(step.deforma))
        expect(existsSync(join(dir, out)), `${step.deforma.join(" ")} replaces ${out}`).toBe(false);
      const r = await cli(step.deforma, dir);
      const shown = `npx deforma ${step.deforma.join(" ")}\n${r.err}`;
      expect(r.code, shown).toBe(0);
      // A line whose comment says it warns shows that warning, and no other finding.
      const findings = r.err.split("\n").filter((l) => /warning|error/.test(l));
      if (step.warns === undefined) expect(findings, shown).toEqual([]);
      else {
        expect(findings.length, shown).toBeGreaterThan(0);
        expect(
          findings.filter((l) => !l.includes(`warning ${step.warns}:`)),
          shown,
        ).toEqual([]);
      }
    }
  }, 120_000);
});
