/**
 * What the bulge preview shows, read from the project: a rig with its OBJ
 * mesh ({@link readObjSubject}) or a glTF character (preview-gltf.ts), both
 * as one {@link Subject} — the bulge term the slider drives, the rest and
 * the joints, and how to pose it. Failures are {@link LoadError}s with a
 * translated message.
 */
import {
  BulgeDeformer,
  type BulgeTerm,
  type CompiledBulge,
  parentIndices,
  type Rig,
  readObj,
  readRig,
  rigMisfit,
  triangulate,
} from "../../../src/bulge/index.js";
import { decodeText } from "../../../src/core/bytes.js";
import type { FileReader } from "../../../src/core/file-source.js";
import { readProjectFile } from "../api.js";
import type { MessageKey } from "../i18n.js";
import type { ViewDirection } from "./preview-view.js";

/** A glTF character's choices, when the subject is one (preview-gltf.ts). */
export interface GltfChoices {
  /** The `.glb` (project path). */
  readonly path: string;
  /** The rig file used, when the project has one for the character. */
  readonly rigPath: string | undefined;
  /** The meshes of the file, by name, and the one shown. */
  readonly meshes: readonly string[];
  readonly mesh: string;
  /** The joints the slider may drive (the rig's) and the one it drives. */
  readonly joints: readonly string[];
  readonly joint: string;
  /** Whether the shown mesh has a skin (a bake needs one). */
  readonly skinned: boolean;
  /** The file's bytes (for the bake). */
  readonly bytes: Uint8Array;
}

/** What the preview shows once loaded. */
export interface Subject {
  readonly rig: Rig;
  readonly parents: Int32Array;
  /** The bulge the definition is applied to. */
  readonly term: BulgeTerm;
  /** Flex angles in rig order; the term's driver is the slider's joint. */
  readonly angles: Float64Array;
  readonly matrices: Float64Array;
  /** Each joint's 12 numbers of {@link matrices} (views made once). */
  readonly jointMatrix: readonly Float64Array[];
  /** Head and tail of each joint in the rest pose (x, y, z each). */
  readonly restEnds: Float32Array;
  /** The mesh's rest positions (the rig's space). */
  readonly rest: Float32Array;
  /** The triangles (3 vertex indices each). */
  readonly triangles: Uint32Array;
  /** A bulge this far (mesh units; a tenth of the bulged bone) shows fully in the tint. */
  readonly reach: number;
  /** Makes the term's code show `c`. */
  setCompiled(c: CompiledBulge): void;
  /** Writes the posed, bulged positions for `angles` into `out`; returns the bulged rest (for the tint). */
  pose(angles: Float64Array, out: Float32Array): ArrayLike<number>;
  /** Set for a glTF character. */
  readonly gltf?: GltfChoices;
  /** Where the camera looks from (else along the bulge driver's flex axis, {@link viewFor}). */
  readonly view?: ViewDirection;
  /** Why the rig does not fit the mesh, when it is shown all the same (a glTF's picked joint). */
  readonly warning?: string;
}

/** A file that failed, as a translated message. */
export class LoadError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly vars: Record<string, string | number>,
  ) {
    super(key);
  }
}

/** The parts of a {@link Subject} every kind computes alike. */
export function subjectBase(rig: Rig, term: BulgeTerm, rest: Float32Array) {
  const matrices = new Float64Array(rig.joints.length * 12);
  return {
    rig,
    parents: parentIndices(rig),
    term,
    angles: new Float64Array(rig.joints.length),
    matrices,
    jointMatrix: rig.joints.map((_, i) => matrices.subarray(i * 12, i * 12 + 12)),
    restEnds: Float32Array.from(rig.joints.flatMap((j) => [...j.head, ...j.tail])),
    rest,
    reach: 0.1 * boneLength(rig, term.bone),
  };
}

/** The studio's file API as the preview's reader (`<deforma-bulge>` gives the page's files instead). */
export const STUDIO_READ: FileReader = (path) => readProjectFile(path);

/** A rig file read and checked; throws {@link LoadError}. */
export async function readRigFile(rigPath: string, read = STUDIO_READ): Promise<Rig> {
  const rigRead = readRig(decodeText(await readBytes(rigPath, read)));
  const rigError = rigRead.diagnostics.find((d) => d.severity === "error");
  if (!rigRead.model || rigError)
    throw new LoadError("bulgePreview.badFile", {
      file: rigPath,
      error: rigError?.message ?? "no rig",
    });
  return rigRead.model;
}

/** Reads and checks the rig and its OBJ mesh; throws {@link LoadError} with what is wrong. */
export async function readObjSubject(
  rigPath: string,
  meshPath: string,
  read = STUDIO_READ,
): Promise<Subject> {
  const rig = await readRigFile(rigPath, read);
  const meshRead = readObj(decodeText(await readBytes(meshPath, read)));
  const meshError = meshRead.diagnostics.find((d) => d.severity === "error");
  if (!meshRead.model || meshError)
    throw new LoadError("bulgePreview.badFile", {
      file: meshPath,
      error: meshError?.message ?? "no faces",
    });
  const positions = meshRead.model.positions;
  const misfit = rigMisfit(rig, positions);
  if (misfit) throw new LoadError("bulgePreview.misfit", { reason: misfit });
  const deformer = new BulgeDeformer(rig, [], positions);
  const term = deformer.terms[0];
  if (!term) throw new LoadError("bulgePreview.noBulge", { file: rigPath });
  return {
    ...subjectBase(rig, term, positions),
    triangles: triangulate(meshRead.model),
    setCompiled: (c) => deformer.setCompiled(term.code, c),
    pose(angles, out) {
      const bulged = deformer.bulgedRest(angles);
      deformer.skin(bulged, angles, out);
      return bulged;
    },
  };
}

/** A project file's bytes; throws {@link LoadError} when missing or unreadable. */
export async function readBytes(path: string, read = STUDIO_READ): Promise<Uint8Array> {
  const r = await read(path);
  if (r.status === "missing") throw new LoadError("bulgePreview.missing", { file: path });
  if (r.status !== "ok")
    throw new LoadError("bulgePreview.unreadable", { file: path, reason: r.reason });
  return r.bytes;
}

/** Looks along the bulge driver's flex axis (the bend happens in the picture's plane), a little from the side, the bulge's reference axis up. */
export function viewFor(l: Subject): {
  from: [number, number, number];
  up: [number, number, number];
} {
  const driver = l.rig.joints[l.term.driver]!;
  const bone = l.rig.joints[l.term.bone]!;
  const [fx, fy, fz] = normal(driver.flexAxis);
  const [ax, ay, az] = normal(bone.axis);
  return { from: [fx - 0.35 * ax, fy - 0.35 * ay, fz - 0.35 * az], up: [ax, ay, az] };
}

function normal(v: readonly [number, number, number]): [number, number, number] {
  const n = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / n, v[1] / n, v[2] / n];
}

function boneLength(rig: Rig, bone: number): number {
  const j = rig.joints[bone]!;
  return Math.hypot(j.tail[0] - j.head[0], j.tail[1] - j.head[1], j.tail[2] - j.head[2]);
}
