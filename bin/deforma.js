#!/usr/bin/env node
// Entry point of the `deforma` command: runs the compiled CLI (built by `npm install`'s prepare step).
import { main } from "../dist/cli/main.js";

await main(process.argv.slice(2));
