// `npm install`'s prepare step: builds the package (npm run build), except when
// `npx deforma` installs this very folder into npx's cache to run its bin: npm
// then runs prepare again (npm_command=exec), and the build `npm install` made
// is already in place, so rebuilding would only make the first call slow.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const built = [
  "dist/cli/main.js",
  "dist/cli.cjs",
  "dist/web/index.html",
  "dist/player/deforma-player.js",
].every((f) => existsSync(root + f));
if (process.env.npm_command === "exec" && built) {
  process.exit(0);
}
const npm = process.env.npm_execpath;
const r = npm
  ? spawnSync(process.execPath, [npm, "run", "build"], { cwd: root, stdio: "inherit" })
  : spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", shell: true });
process.exit(r.status ?? 1);
