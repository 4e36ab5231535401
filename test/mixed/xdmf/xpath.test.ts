/** The XPath subset of xi:include and Reference, and its bounds. */
import { describe, expect, it } from "vitest";
import { parseXml } from "../../../src/core/xml.js";
import { XPointers } from "../../../src/mixed/xdmf/xpath.js";

const DOC = `<Xdmf><Domain>
<Grid Name="mesh" GridType="Uniform"><Topology/><Geometry/></Grid>
<Grid Name="T" GridType="Collection"><Grid/><Grid/></Grid>
</Domain></Xdmf>`;
const root = parseXml(DOC, () => {})!;

describe("xpointers", () => {
  it("selects FEniCSx's forms and refuses what it does not understand", () => {
    const p = new XPointers(root);
    const names = (e: string) => p.select(e)?.map((x) => x.name);
    expect(names("xpointer(/Xdmf/Domain/Grid[@Name='mesh']/Geometry)")).toEqual(["Geometry"]);
    expect(
      names(
        "xpointer(/Xdmf/Domain/Grid[@GridType='Uniform'][1]/*[self::Topology or self::Geometry])",
      ),
    ).toEqual(["Topology", "Geometry"]);
    expect(names('/Xdmf/Domain/Grid[2]/Grid[@GridType="x"]')).toEqual([]);
    // decision 203: legacy DOLFIN's descendant form.
    expect(names('xpointer(//Grid[@Name="T"]/Grid[1])')).toEqual(["Grid"]);
    expect(names("//Grid")?.length).toBe(4);
    expect(names("xpointer(/Xdmf/Domain/Grid/following::Grid)")).toBeUndefined();
    expect(names("xpointer(/Xdmf/Domain/Grid[last()])")).toBeUndefined();
  });

  it("evaluates each expression once and stops past its work budget", () => {
    const p = new XPointers(root, 12);
    const a = p.select("/Xdmf/Domain/Grid[@Name='mesh']/Topology");
    expect(a?.length).toBe(1);
    expect(p.select("/Xdmf/Domain/Grid[@Name='mesh']/Topology")).toBe(a);
    // Each further distinct expression costs its visits; the budget runs out.
    expect(p.select("/Xdmf/Domain/Grid[@Name='T']/Grid")).toBeUndefined();
  });
});
