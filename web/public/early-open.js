// The page's first script, a plain file loaded beside the app's bundle and run before it
// (decision 266): a deep link to the Mesh workspace asks the server to open its file at once,
// while the bundle (about 1.2 MB) is still loading, instead of after the app has started. It
// imports nothing and is not bundled. The app takes up the reply (web/src/mixed/mesh-server.ts,
// takeEarlyMesh) when the link's file and kind match; otherwise it is dropped. A page opened with
// a one-time code waits for the app to exchange it (decision 248).
(() => {
  try {
    const m = /^#\/mesh\?(.*)$/.exec(location.hash);
    if (!m) return;
    const q = new URLSearchParams(m[1]);
    const file = q.get("file");
    if (!file || file.toLowerCase().endsWith(".agr")) return;
    const page = new URLSearchParams(location.search);
    if (page.has("code")) return;
    let token = page.get("token");
    if (token === null) {
      try {
        token = sessionStorage.getItem("deforma-token");
      } catch {
        // Storage switched off: only the address can give the token.
      }
    }
    const numbered = q.get("series") === "numbered";
    const url = `/api/mesh?path=${encodeURIComponent(file)}${numbered ? "&series=numbered" : ""}`;
    const headers = token === null ? {} : { "X-Deforma-Token": token };
    globalThis.deformaEarlyMesh = { file, numbered, reply: fetch(url, { headers }) };
  } catch {
    // Nothing started: the app opens the file itself.
  }
})();
