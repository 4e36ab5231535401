/**
 * No function of src/ or web/src/ runs over 100 lines (the file cap of 400
 * lines is in architecture.test.ts). A function is any function-like node
 * with a body (declaration, method, accessor, constructor, arrow, function
 * expression), counted from the line it starts on to the line it ends on.
 * A nested function counts inside its parent as well as on its own.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAX_LINES = 100;

/**
 * The named exceptions, `path name` → why. Only generated code belongs here:
 * a kernel written as one straight-line body, where splitting would cost
 * speed and tell the reader nothing.
 */
const EXCEPTIONS: Record<string, string> = {
  "src/mixed/sample/wasm-positions.ts positionsKernel":
    "emits one WebAssembly function body, instruction by instruction",
  "src/live/improved/simd.ts kernelBody":
    "emits one WebAssembly SIMD function body, instruction by instruction",
};

/** A function-like node that has a body, with the name it is known by. */
interface FunctionSpan {
  readonly name: string;
  readonly lines: number;
}

/** The name a function is known by: its own, or the binding that holds it. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name !== undefined) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText();
  }
  if (ts.isPropertyDeclaration(parent)) return parent.name.getText();
  return "(anonymous)";
}

/** Every function with a body in `text` (a TypeScript source), with its length in lines. */
function functionSpans(fileName: string, text: string): FunctionSpan[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const spans: FunctionSpan[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      const fn = node as ts.FunctionLikeDeclaration;
      const start = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      spans.push({ name: nameOf(fn), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

/** Every TypeScript file under `dir` (relative to the repository), recursively. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => join(e.parentPath, e.name).slice(ROOT.length));
}

let cached: string[] | undefined;

/** `path name: N lines` for each function of the tree over the cap (read once). */
function longFunctions(): string[] {
  if (cached !== undefined) return cached;
  const long: string[] = [];
  for (const file of [...sourcesUnder("src"), ...sourcesUnder("web/src")]) {
    for (const span of functionSpans(file, readFileSync(join(ROOT, file), "utf8"))) {
      if (span.lines > MAX_LINES) long.push(`${file} ${span.name}: ${span.lines} lines`);
    }
  }
  cached = long;
  return long;
}

/** A function named `name` whose body holds `statements` lines. */
function planted(name: string, statements: number): string {
  const body = Array.from({ length: statements }, (_, i) => `  const v${i} = ${i};`);
  return [`export function ${name}(): void {`, ...body, "}", ""].join("\n");
}

describe("function size", () => {
  // decision 124
  it(`keeps every function of src/ and web/src/ within ${MAX_LINES} lines, but the named ones`, () => {
    const allowed = new Set(Object.keys(EXCEPTIONS));
    const over = longFunctions().filter(
      (entry) => !allowed.has(entry.slice(0, entry.lastIndexOf(":"))),
    );
    expect(over).toEqual([]);
  });

  // decision 125
  it("names only exceptions that still exist and are still long", () => {
    const long = new Set(longFunctions().map((entry) => entry.slice(0, entry.lastIndexOf(":"))));
    expect(Object.keys(EXCEPTIONS).filter((key) => !long.has(key))).toEqual([]);
  });

  // decision 124
  it("counts a function from its first line to its last", () => {
    const spans = functionSpans(
      "x.ts",
      [
        planted("fits", MAX_LINES - 2),
        planted("tooLong", MAX_LINES - 1),
        "const arrow = (a: number): number => {\n  return a;\n};",
        "class C {\n  m(): void {\n    const inner = function () {};\n  }\n}",
      ].join("\n"),
    );
    expect(spans).toEqual([
      { name: "fits", lines: MAX_LINES },
      { name: "tooLong", lines: MAX_LINES + 1 },
      { name: "arrow", lines: 3 },
      { name: "m", lines: 3 },
      { name: "inner", lines: 1 },
    ]);
  });
});
