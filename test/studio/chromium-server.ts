/**
 * Global setup of vitest's `chromium` project (decision 376): one Chromium
 * for every test file that drives one, launched once per run with the flags
 * of browser-launch.ts. A file connects to it (`launchChromium`) and gets its
 * own connection, whose pages each live in their own browser context, as on
 * a browser of its own; a launch costs about a second, and there were 28.
 */
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM, FLAGS } from "./chromium.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket endpoint; empty when Chromium is not installed. */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM)) {
    project.provide("chromiumEndpoint", "");
    return async () => undefined;
  }
  const server = await chromium.launchServer({
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
  });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
