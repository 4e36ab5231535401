/** Facts of the seed's mesh animation type table (spec §4) shared by every FRUND format. */

/** One row of the seed's table: a mesh animation (solver) type and its parameters. */
export interface MeshTypeInfo {
  readonly type: number;
  readonly solver: string;
  readonly scalars: readonly { readonly name: string; readonly varying: boolean }[];
  readonly vectors: readonly { readonly name: string; readonly varying: boolean }[];
}

/** The seed's table: type 0 thermal, type 1 stress-strain (НДС). */
export const MESH_TYPES: ReadonlyMap<number, MeshTypeInfo> = new Map([
  [
    0,
    {
      type: 0,
      solver: "thermal",
      scalars: [{ name: "temperature", varying: true }],
      vectors: [{ name: "coordinates", varying: false }],
    },
  ],
  [
    1,
    {
      type: 1,
      solver: "stress-strain",
      scalars: [{ name: "displacement", varying: true }],
      vectors: [{ name: "coordinates", varying: true }],
    },
  ],
]);
