import { describe, expect, it } from "vitest";
import {
  baseName,
  extensionOf,
  folderOf,
  isAbsolutePath,
  normalizePath,
  resolveSibling,
  siblingPath,
  stemOf,
} from "../../src/core/index.js";

describe("path helpers (one set for every format and the studio)", () => {
  it("splits at / and \\ alike", () => {
    expect(baseName("a/b.amx")).toBe("b.amx");
    expect(baseName("C:\\m\\rod.AGR")).toBe("rod.AGR");
    expect(folderOf("a/b\\c.amx")).toBe("a/b\\");
    expect(folderOf("c.amx")).toBe("");
    expect(siblingPath("x\\m.amx", "rod.agr")).toBe("x\\rod.agr");
  });

  it("extension: lower-cased with its dot; none for dotfiles and trailing dots", () => {
    expect(extensionOf("a/rod.AGR")).toBe(".agr");
    expect(extensionOf("a.b/rod")).toBe("");
    expect(extensionOf(".hidden")).toBe("");
    expect(extensionOf("rod.")).toBe("");
    expect(stemOf("a/b/model.amx")).toBe("model");
    expect(stemOf("a.b\\rod.tar.gz")).toBe("rod.tar");
    expect(stemOf(".hidden")).toBe(".hidden");
    expect(stemOf("a/README")).toBe("README");
  });

  it("resolves names next to a file, folding . and ..", () => {
    expect(resolveSibling("m/a.amx", "../b/rod.agr")).toBe("b/rod.agr");
    expect(resolveSibling("m\\a.amx", "rod.agr")).toBe("m/rod.agr");
    expect(resolveSibling("m/a.amx", "/abs/rod.agr")).toBe("/abs/rod.agr");
    expect(normalizePath("/../x/./y/")).toBe("/x/y");
    expect(normalizePath("../x")).toBe("../x");
    expect(normalizePath("C:\\a\\..\\b")).toBe("C:/b");
    expect(normalizePath("a/..")).toBe(".");
    expect(isAbsolutePath("D:/x")).toBe(true);
    expect(isAbsolutePath("x/y")).toBe(false);
  });
});
