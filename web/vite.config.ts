import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The studio's web app: built into dist/web, served by `deforma studio`.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  resolve: {
    // glTF-Transform's NodeIO imports these lazily; the page never uses NodeIO.
    alias: [
      {
        find: /^node:(fs|path)$/,
        replacement: fileURLToPath(new URL("./src/node-shim.ts", import.meta.url)),
      },
    ],
  },
  // The Mesh workspace's reader worker imports format readers lazily: ES modules, split like the page.
  worker: { format: "es" },
  plugins: [
    {
      // web/public/early-open.js runs first and is not bundled (decision 266); a tag written in
      // index.html would be taken for one to bundle, so it is added to the built page instead.
      name: "deforma-early-open",
      transformIndexHtml: {
        order: "post",
        handler: () => [
          { tag: "script", attrs: { src: "./early-open.js" }, injectTo: "head-prepend" },
        ],
      },
    },
  ],
  build: {
    outDir: fileURLToPath(new URL("../dist/web", import.meta.url)),
    emptyOutDir: true,
    // The HDF5 library's chunk (h5wasm, ≈ 4.8 MB with its WebAssembly inlined)
    // is loaded only when an Exodus (NetCDF-4) or XDMF file is opened; the
    // app's own chunk stays ≈ 1.2 MB.
    chunkSizeWarningLimit: 5000,
    sourcemap: true,
    rolldownOptions: {
      // Rolldown's PLUGIN_TIMINGS warning (plugins' share of the build time)
      // is advice for tuning a slow build, not a problem with this one: off,
      // so a build prints only what needs attention.
      checks: { bundlerTimings: false },
      // A format's reader is imported on first use for the CLI's start-up
      // (docs/cli.md#start-up); the page imports the readers anyway, so the
      // bundler keeps them in the main chunk and says so for each: expected.
      onwarn(warning, warn) {
        if (warning.code !== "INEFFECTIVE_DYNAMIC_IMPORT") warn(warning);
      },
    },
  },
});
