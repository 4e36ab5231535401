/**
 * Stand-in for `node:fs` and `node:path` in the browser build: glTF-Transform's
 * NodeIO imports them lazily, and the studio only uses its platform-neutral
 * WebIO, so these modules are never loaded in the page.
 */
export default {};
