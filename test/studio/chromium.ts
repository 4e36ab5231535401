/** Where Debian installs Chromium, and the flags every test launches it with. */

/** Where Debian installs Chromium. */
export const CHROMIUM = "/usr/bin/chromium";

/** Launch flags for a closed network and software WebGL. */
export const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];
