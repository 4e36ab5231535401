import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The player bundle (`deforma/player`, docs/player.md): the web components of
// web/src/player/index.ts as one ES module, every dependency and style
// inlined, nothing loaded at run time, so a shared page works from file://.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  publicDir: false,
  resolve: {
    // As in web/vite.config.ts: glTF-Transform's NodeIO imports these lazily; a page never uses NodeIO.
    alias: [
      {
        find: /^node:(fs|path)$/,
        replacement: fileURLToPath(new URL("./src/node-shim.ts", import.meta.url)),
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL("../dist/player", import.meta.url)),
    emptyOutDir: true,
    // Styles come in as strings (`?inline`) that the elements add themselves.
    cssCodeSplit: false,
    assetsInlineLimit: Number.POSITIVE_INFINITY,
    sourcemap: false,
    minify: true,
    lib: {
      entry: fileURLToPath(new URL("./src/player/index.ts", import.meta.url)),
      formats: ["es"],
      fileName: () => "deforma-player.js",
    },
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // One file: dynamic imports (a format reader on first use) are inlined too.
      // Lib mode keeps an ES module's whitespace; the page inlines it, so minify it whole.
      output: { codeSplitting: false, minify: true },
      onwarn(warning, warn) {
        if (warning.code !== "INEFFECTIVE_DYNAMIC_IMPORT") warn(warning);
      },
    },
  },
});
