/**
 * Import direction, checked by dependency-cruiser in `npm test`
 * (`npm run deps`). docs/architecture.md explains the layers:
 *   cli, studio, node (Node edges)  →  systems (mixed, bulge, live)  →  core
 *   web (the studio's page)         →  systems, core
 * test/architecture.test.ts plants a violation of each rule in a scratch
 * tree and checks that this configuration fails it.
 */
const SYSTEMS = "(mixed|bulge|live)";
const ISOMORPHIC = `^(src/(core|${SYSTEMS.slice(1, -1)}|index\\.ts|formats\\.ts)|web/src)`;
/** Everything src/ may hold: the core, the systems, the edges and the two library entry files. */
const DECLARED = `^src/((core|${SYSTEMS.slice(1, -1)}|cli|studio|node)/|(index|formats)\\.ts$)`;
/** A system's public surface: its index files (the system's, or a folder's narrower one) and its list of formats. */
const SURFACE = [`^src/${SYSTEMS}/(index|formats)\\.ts$`, `^src/${SYSTEMS}/.+/index\\.ts$`];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-imports-only-core",
      comment: "The core is neutral: it imports nothing of ours outside src/core.",
      severity: "error",
      from: { path: "^src/core/" },
      to: { path: "^(src|web)/", pathNot: "^src/core/" },
    },
    {
      name: "system-imports-only-core",
      comment:
        "A system (mixed, bulge, live) imports only the core and itself; never another system or an edge.",
      severity: "error",
      from: { path: `^src/${SYSTEMS}/` },
      to: { path: "^(src|web)/", pathNot: ["^src/core/", "^src/$1/"] },
    },
    {
      name: "isomorphic-no-node",
      comment: "The core, the systems and the web app run in the browser too: no node: modules.",
      severity: "error",
      from: { path: ISOMORPHIC },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "node-edges-only",
      comment: "Only src/cli, src/studio and src/node may import node: modules.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(cli|studio|node)/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "edges-point-inward",
      comment: "src/node is a library edge (no CLI, no studio); the studio never imports the CLI.",
      severity: "error",
      from: { path: "^src/(node|studio)/" },
      to: { path: "^src/cli/" },
    },
    {
      name: "node-not-studio",
      comment: "src/node is a library edge the studio and CLI build on, not the other way round.",
      severity: "error",
      from: { path: "^src/node/" },
      to: { path: "^src/studio/" },
    },
    {
      name: "web-not-node-edges",
      comment:
        "The web app imports the isomorphic code only (never src/cli, src/studio, src/node).",
      severity: "error",
      from: { path: "^web/src/" },
      to: { path: "^src/(cli|studio|node)/" },
    },
    {
      name: "web-shell-not-systems",
      comment:
        "The studio shell (web/src outside a system's folder) does not import a system's code; a system's workspace lives in web/src/<system>/. Composition roots that list the systems (workspaces.ts, player/elements.ts) are the exceptions.",
      severity: "error",
      from: {
        path: "^web/src/",
        pathNot: [
          `^web/src/${SYSTEMS}/`,
          "^web/src/workspaces\\.ts$",
          "^web/src/player/elements\\.ts$",
        ],
      },
      to: { path: `^src/${SYSTEMS}/` },
    },
    {
      name: "web-system-only-own",
      comment:
        "A system's workspace (web/src/<system>/) imports only its own system, the core and the shell.",
      severity: "error",
      from: { path: `^web/src/${SYSTEMS}/` },
      to: { path: `^(src|web/src)/${SYSTEMS}/`, pathNot: ["^src/$1/", "^web/src/$1/"] },
    },
    {
      name: "system-through-index",
      comment:
        "Outside code (the edges, the library entries, the web app) imports a system only through its public surface: src/<system>/index.ts, a folder's index.ts (a narrower surface that loads less, for the CLI's lazy commands) or its formats.ts list.",
      severity: "error",
      from: { path: "^(src|web/src)/", pathNot: `^src/${SYSTEMS}/` },
      to: { path: `^src/${SYSTEMS}/`, pathNot: SURFACE },
    },
    {
      name: "src-folder-declared",
      comment:
        "src/ holds only the folders these rules name (core, the systems, the edges); a new folder is declared here first, with its rules.",
      severity: "error",
      from: { path: "^src/", pathNot: DECLARED },
      to: {},
    },
    {
      name: "src-folder-declared-imported",
      comment: "Nothing imports a module of an undeclared src/ folder (see src-folder-declared).",
      severity: "error",
      from: {},
      to: { path: "^src/", pathNot: DECLARED },
    },
    {
      name: "src-folder-declared-orphan",
      comment: "A lone module of an undeclared src/ folder (see src-folder-declared).",
      severity: "error",
      from: { orphan: true, path: "^src/", pathNot: DECLARED },
      to: {},
    },
    {
      name: "player-lean",
      comment:
        "The player bundle (web/src/player/index.ts) reaches none of the studio's tools: the export panel, the glTF and VTK writers and glTF-Transform stay in the studio (decision 344).",
      severity: "error",
      from: { path: "^web/src/player/index\\.ts$" },
      to: {
        path: ["^web/src/mixed/export-panel\\.ts$", "^src/mixed/gltf/", "@gltf-transform/"],
        reachable: true,
      },
    },
    {
      name: "no-cycles",
      comment: "No import cycles in the library or the web app.",
      severity: "error",
      from: { path: "^(src|web/src)/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js"] },
  },
};
