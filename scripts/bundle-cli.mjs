// `npm run build`'s CLI step, after tsc: bundles the compiled CLI (dist/cli/main.js
// and everything it may load) into one CommonJS file, dist/cli.cjs, and records
// V8's code cache for it, dist/cli.cjs.cache, by running one typical command.
//
// Why (bench row cli-cold-start, docs/cli.md#start-up): Node 20's ES module
// loader resolves, reads and links ~100 files for `amx validate`; one CommonJS
// file is read once, and with the code cache V8 does not compile what the
// recorded run already compiled. bin/deforma.cjs loads the two; a cache V8
// rejects (another Node version) only costs the compile it would have saved.
import { spawnSync } from "node:child_process";
import { readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));
const out = join(root, "dist/cli.cjs");

/**
 * `import.meta.url` of a bundled module: the URL its own file under dist/ has
 * (those files ship too), so `new URL("../../../dist/web/", import.meta.url)`
 * keeps meaning what it meant before bundling.
 */
const importMetaUrl = {
  name: "import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const rel = relative(dirname(out), args.path).split("\\").join("/");
      const url = `require("node:url").pathToFileURL(require("node:path").join(__dirname, ${JSON.stringify(rel)})).href`;
      return { contents: source.replaceAll("import.meta.url", url), loader: "js" };
    });
  },
};

await build({
  entryPoints: [join(root, "dist/cli/main.js")],
  outfile: out,
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  minify: true,
  // Internal errors keep readable function names in their stacks.
  keepNames: true,
  legalComments: "none",
  logLevel: "warning",
  // The HDF5 library (h5wasm, ≈ 4.8 MB with its WebAssembly inlined) is a runtime
  // dependency loaded from node_modules on first use (an Exodus NetCDF-4 or XDMF file):
  // bundled, every command read and compiled its bytes at start-up.
  external: ["h5wasm"],
  plugins: [importMetaUrl],
});

// Record the code cache: the loader writes it after the command when asked to.
const cache = `${out}.cache`;
rmSync(cache, { force: true });
const seed = join(root, "demo/slider-crank.amx");
const r = spawnSync(process.execPath, [join(root, "bin/deforma.cjs"), "amx", "validate", seed], {
  env: { ...process.env, DEFORMA_CODE_CACHE: "write" },
  encoding: "utf8",
});
if (r.status !== 0) {
  process.stderr.write(`bundle-cli: recording the code cache failed (${r.status}):\n${r.stderr}`);
  process.exit(1);
}
// The loader wrote `${cache}.tmp`; publish it whole.
renameSync(`${cache}.tmp`, cache);
