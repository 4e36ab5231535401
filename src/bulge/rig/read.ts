/**
 * Reader of the rig file (`*.rig.json`, docs/formats/rig.md). Stage one,
 * {@link readRigSyntax}: JSON with spans → the model and where every value
 * stands; wrong types and missing members are reported at their place, and a
 * joint that lacks a usable required member is left out of the model.
 * {@link readRig} adds the semantic checks of `validate.ts`. Never throws.
 */
import {
  type Diagnostic,
  DiagnosticSink,
  type Span,
  sortBySource,
} from "../../core/diagnostics.js";
import { JSON_KIND_WORDS, type JsonNode, readJsonSpans } from "../../core/json-spans.js";
import { msg } from "../../core/message.js";
import { RIG, type RigCode, type RigKind } from "./codes.js";
import type { BulgeAttribute, BulgeUnit, Joint, Rig } from "./model.js";
import {
  type BulgeAttributeSpans,
  type JointSpans,
  type RigSpans,
  validateRig,
} from "./validate.js";

/** Result of {@link readRigSyntax} and {@link readRig}. */
export interface RigReadResult {
  /** The rig, or undefined when the text is no JSON object. */
  readonly model: Rig | undefined;
  /** In source order. */
  readonly diagnostics: Diagnostic<RigCode>[];
  /** Spans parallel to `model.joints` (undefined with the model). */
  readonly spans: RigSpans | undefined;
}

type Obj = JsonNode & { kind: "object" };
type Vec3 = [number, number, number];

const ROOT_MEMBERS = ["version", "mesh", "joints"];
const JOINT_MEMBERS = [
  "name",
  "parent",
  "head",
  "tail",
  "axis",
  "radius",
  "flexAxis",
  "limits",
  "bulge",
];
const BULGE_MEMBERS = ["code", "fullAngle", "scale", "unit"];

/** Reads and checks a rig text; see the module comment. */
export function readRig(text: string): RigReadResult {
  const r = readRigSyntax(text);
  if (!r.model || !r.spans) return r;
  return {
    ...r,
    diagnostics: sortBySource([...r.diagnostics, ...validateRig(r.model, r.spans)]),
  };
}

/** Stage one: the JSON's shape and types; see the module comment. */
export function readRigSyntax(text: string): RigReadResult {
  const sink = new DiagnosticSink<RigKind>();
  const json = readJsonSpans(text);
  if (!json.root) {
    const e = json.error!;
    sink.report(RIG.json, `not valid JSON: ${e.message}`, e.start, e.end);
    return { model: undefined, diagnostics: sink.items, spans: undefined };
  }
  const root = json.root;
  if (root.kind !== "object") {
    sink.report(
      RIG.type,
      `expected the rig as a JSON object, found ${JSON_KIND_WORDS[root.kind]}`,
      ...root.span,
    );
    return { model: undefined, diagnostics: sink.items, spans: undefined };
  }
  const m = new Members(root, sink, "the rig", ROOT_MEMBERS);
  const versionNode = m.get("version");
  let versionSpan: Span = root.span;
  if (!versionNode) m.missing("version", "the format version 1");
  else {
    versionSpan = versionNode.span;
    if (versionNode.kind !== "number" || versionNode.value !== 1) {
      const found =
        versionNode.kind === "number"
          ? String(versionNode.value)
          : JSON_KIND_WORDS[versionNode.kind];
      sink.report(
        RIG.version,
        msg`expected format version 1, found ${{ found }}`,
        ...versionNode.span,
      );
    }
  }
  const rig: Rig = { version: 1, joints: [] };
  const mesh = m.string("mesh");
  if (mesh !== undefined) rig.mesh = mesh;
  const spans: RigSpans = { whole: root.span, version: versionSpan, joints: [] };
  const joints = m.get("joints");
  if (!joints) m.missing("joints", "the list of joints");
  else if (joints.kind !== "array") m.wrongType(joints, "'joints'", "an array of joints");
  else {
    joints.items.forEach((node, i) => {
      const read = readJoint(node, i, sink);
      if (!read) return;
      rig.joints.push(read.joint);
      spans.joints.push(read.spans);
    });
  }
  return { model: rig, diagnostics: sortBySource(sink.items), spans };
}

function readJoint(
  node: JsonNode,
  i: number,
  sink: DiagnosticSink<RigKind>,
): { joint: Joint; spans: JointSpans } | undefined {
  const where = `joint ${i + 1}`;
  if (node.kind !== "object") {
    sink.report(
      RIG.type,
      `${where}: expected an object, found ${JSON_KIND_WORDS[node.kind]}`,
      ...node.span,
    );
    return undefined;
  }
  const m = new Members(node, sink, where, JOINT_MEMBERS);
  const name = m.required("name", "string", "the joint's name");
  const who = typeof name === "string" ? `joint '${name}'` : where;
  m.context = who;
  const parentNode = m.get("parent");
  let parent: string | null = null;
  if (parentNode && parentNode.kind !== "null") {
    if (parentNode.kind === "string") parent = parentNode.value;
    else m.wrongType(parentNode, "'parent'", "a joint name or null");
  }
  const head = m.vector("head");
  const tail = m.vector("tail");
  const axis = m.vector("axis");
  const flexAxis = m.vector("flexAxis");
  const radius = m.required("radius", "number", "the influence radius");
  const limits = m.pair("limits");
  let bulge: BulgeAttribute | undefined;
  let bulgeSpans: BulgeAttributeSpans | undefined;
  let bulgeOk = true;
  const b = m.get("bulge");
  if (b && b.kind !== "null") {
    if (b.kind !== "object") {
      m.wrongType(b, "'bulge'", "an object {code, fullAngle, scale}");
      bulgeOk = false;
    } else {
      const bm = new Members(b, sink, `${who}'s bulge`, BULGE_MEMBERS);
      const code = bm.required("code", "number", "the bulge definition's code");
      const fullAngle = bm.required("fullAngle", "number", "the full-bulge angle in degrees");
      const scaleNode = bm.get("scale");
      let scale = 1;
      if (scaleNode) {
        if (scaleNode.kind === "number") scale = scaleNode.value;
        else {
          bm.wrongType(scaleNode, "'scale'", "a number");
          bulgeOk = false;
        }
      }
      const unitNode = bm.get("unit");
      const unit = bm.string("unit");
      if (unitNode && unit === undefined) bulgeOk = false;
      if (typeof code === "number" && typeof fullAngle === "number") {
        bulge = {
          code,
          fullAngle,
          scale,
          ...(unit === undefined ? {} : { unit: unit as BulgeUnit }),
        };
        bulgeSpans = {
          whole: b.span,
          code: bm.span("code"),
          fullAngle: bm.span("fullAngle"),
          scale: bm.span("scale"),
          ...(unitNode ? { unit: unitNode.span } : {}),
        };
      } else bulgeOk = false;
    }
  }
  if (
    typeof name !== "string" ||
    !head ||
    !tail ||
    !axis ||
    !flexAxis ||
    typeof radius !== "number" ||
    limits === null ||
    !bulgeOk
  ) {
    return undefined;
  }
  const joint: Joint = { name, parent, head, tail, axis, radius, flexAxis };
  if (limits) joint.limits = limits;
  if (bulge) joint.bulge = bulge;
  const spans: JointSpans = {
    whole: node.span,
    name: m.span("name"),
    parent: m.span("parent"),
    head: m.span("head"),
    tail: m.span("tail"),
    axis: m.span("axis"),
    radius: m.span("radius"),
    flexAxis: m.span("flexAxis"),
    ...(limits ? { limits: m.span("limits") } : {}),
    ...(bulgeSpans ? { bulge: bulgeSpans } : {}),
  };
  return { joint, spans };
}

/** The members of one JSON object: lookups that report what is missing, mistyped, unknown or repeated. */
class Members {
  private readonly byKey = new Map<string, JsonNode>();

  constructor(
    readonly node: Obj,
    readonly sink: DiagnosticSink<RigKind>,
    public context: string,
    known: readonly string[],
  ) {
    for (const member of node.members) {
      if (this.byKey.has(member.key)) {
        sink.report(
          RIG.duplicateMember,
          msg`${context}: '${{ member: member.key }}' is given twice`,
          ...member.keySpan,
        );
        continue;
      }
      this.byKey.set(member.key, member.value);
      if (!known.includes(member.key)) {
        sink.report(
          RIG.unknown,
          msg`${context}: unknown member '${{ member: member.key }}' (known: ${{ known: known.join(", ") }}); ignored`,
          ...member.keySpan,
        );
      }
    }
  }

  get(key: string): JsonNode | undefined {
    return this.byKey.get(key);
  }

  span(key: string): Span {
    return this.byKey.get(key)?.span ?? this.node.span;
  }

  missing(key: string, what: string): void {
    const [s] = this.node.span;
    this.sink.report(
      RIG.missing,
      msg`${this.context}: '${{ member: key }}' (${what}) is missing`,
      s,
      s + 1,
    );
  }

  wrongType(node: JsonNode, what: string, expected: string): void {
    this.sink.report(
      RIG.type,
      `${this.context}: ${what} must be ${expected}, found ${JSON_KIND_WORDS[node.kind]}`,
      ...node.span,
    );
  }

  required(key: string, kind: "string" | "number", what: string): string | number | undefined {
    const node = this.byKey.get(key);
    if (!node) {
      this.missing(key, what);
      return undefined;
    }
    if (node.kind !== kind) {
      this.wrongType(node, `'${key}'`, `a ${kind}`);
      return undefined;
    }
    return (node as { value: string | number }).value;
  }

  string(key: string): string | undefined {
    const node = this.byKey.get(key);
    if (!node) return undefined;
    if (node.kind === "string") return node.value;
    this.wrongType(node, `'${key}'`, "a string");
    return undefined;
  }

  /** An optional `[a, b]` of two numbers: undefined when absent, null (reported) when malformed. */
  pair(key: string): [number, number] | undefined | null {
    const node = this.byKey.get(key);
    if (!node) return undefined;
    if (
      node.kind !== "array" ||
      node.items.length !== 2 ||
      node.items.some((v) => v.kind !== "number")
    ) {
      this.wrongType(node, `'${key}'`, "[min, max], two numbers (degrees)");
      return null;
    }
    return node.items.map((v) => (v as { value: number }).value) as [number, number];
  }

  vector(key: string): Vec3 | undefined {
    const node = this.byKey.get(key);
    if (!node) {
      this.missing(key, "[x, y, z]");
      return undefined;
    }
    if (
      node.kind !== "array" ||
      node.items.length !== 3 ||
      node.items.some((v) => v.kind !== "number")
    ) {
      this.wrongType(node, `'${key}'`, "[x, y, z], three numbers");
      return undefined;
    }
    return node.items.map((v) => (v as { value: number }).value) as Vec3;
  }
}
