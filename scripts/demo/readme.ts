/** The demo folder's README.md, written from the parameters and computed results. */
import { Body } from "./kinematics.js";
import type { SliderCrankParameters } from "./params.js";
import type { DemoSummary } from "./summary.js";

/** Names of the files the demo generator writes. */
export const DemoFiles = {
  mbs: "slider-crank.amb",
  rod: "rod.agr",
  piston: "piston.agr",
  cad: "CAD_Matrixes.dat",
  amx: "slider-crank.amx",
  readme: "README.md",
} as const;

/** `v` with 3 significant digits (plain decimal notation when reasonable). */
function g(v: number): string {
  const a = Math.abs(v);
  if (a !== 0 && (a < 1e-3 || a >= 1e6)) return v.toExponential(2).replace("e", "×10^");
  return String(Number(v.toPrecision(3)));
}

/** mm from m, 3 significant digits. */
const mm = (m: number) => `${g(m * 1000)} mm`;

/** The README text (Markdown) for parameters `p`, results `s` and written file sizes in bytes. */
export function demoReadme(
  p: SliderCrankParameters,
  s: DemoSummary,
  sizes: ReadonlyMap<string, number>,
  counts: {
    rodNodes: number;
    rodCells: number;
    rodFrames: number;
    pistonNodes: number;
    pistonCells: number;
    pistonFrames: number;
    mbsFrames: number;
  },
): string {
  const size = (f: string) => {
    const b = sizes.get(f);
    if (b === undefined) return "";
    if (b < 1024) return `${b} B`;
    return b < 1024 * 1024 ? `${g(b / 1024)} KiB` : `${g(b / 1024 / 1024)} MiB`;
  };
  const cmd = `deforma amx create --mbs ${DemoFiles.mbs} --cad ${DemoFiles.cad} --body ${Body.Rod}:1:${DemoFiles.rod} --body ${Body.Piston}:0:${DemoFiles.piston} -o ${DemoFiles.amx}`;
  return `# Demo FRUND model: a slider-crank with a flexible rod and a heated piston

This folder is a complete FRUND mixed-animation project, generated from
physics by \`scripts/make-demo.ts\` (never edited by hand). It is also a
**template**: copy the folder, replace the files with your own solver's
output, and keep the same layout.

Regenerate it (same bytes every run) from the repository root:

\`\`\`sh
npx tsx scripts/make-demo.ts          # writes demo/
npx tsx scripts/make-demo.ts OUTDIR   # writes OUTDIR/ instead
\`\`\`

## Files

| File | What | Size |
|---|---|---|
| \`${DemoFiles.mbs}\` | MBS animation (text \`.amb\`): placement of every body, ${counts.mbsFrames} frames (${p.mbsFrameRate} frames/s over ${p.duration} s), and simple rigid shapes to draw | ${size(DemoFiles.mbs)} |
| \`${DemoFiles.rod}\` | stress-strain mesh animation (type 1, binary \`.agr\`) of the connecting rod: ${counts.rodNodes} nodes, ${counts.rodCells} hexahedra, ${counts.rodFrames} frames (${p.rodFrameRate} frames/s); scalar 0 \`displacement\` (m, per frame), vector 0 \`coordinates\` (m, per frame) | ${size(DemoFiles.rod)} |
| \`${DemoFiles.piston}\` | thermal mesh animation (type 0, binary \`.agr\`) of the piston: ${counts.pistonNodes} nodes, ${counts.pistonCells} hexahedra, ${counts.pistonFrames} frames (${p.pistonFrameRate} frames/s); scalar 0 \`temperature\` (K, per frame), vector 0 \`coordinates\` (m, constant) | ${size(DemoFiles.piston)} |
| \`${DemoFiles.cad}\` | the model's CAD matrices: every body, its solvers, and for solvers with a CAD model the mesh → body matrix | ${size(DemoFiles.cad)} |
| \`${DemoFiles.amx}\` | the mixed animation: bodies ${Body.Rod} and ${Body.Piston} show their mesh animations instead of their rigid shapes | ${size(DemoFiles.amx)} |

The mesh animations have their own frame times (${p.rodFrameRate} and
${p.pistonFrameRate} frames/s), different from the MBS animation's
${p.mbsFrameRate} frames/s, on purpose: a player interpolates each file at the
MBS frame's time.

The \`.amx\` is exactly what this command makes from the other files:

\`\`\`sh
${cmd}
\`\`\`

Look at it with \`deforma amx validate ${DemoFiles.amx}\`, \`deforma amx show ${DemoFiles.amx}\`,
\`deforma cad show ${DemoFiles.cad}\` and \`deforma agr info ${DemoFiles.rod}\`; play it with
\`deforma studio .\` in this folder (or \`npm start\` in the repository), and export it with
\`deforma mixed export ${DemoFiles.amx} --gltf demo.glb\` or \`--vtk demo-vtk\`.

## The mechanism

A crank of radius r = ${mm(p.crankRadius)} turns about the world z axis
through the origin at a constant ω = ${g(p.angularSpeed)} rad/s
(${g(s.crankFrequencyHz)} rev/s); a connecting rod of length
l = ${mm(p.rodLength)} joins the crank pin to the piston pin, and the piston
slides along the world x axis. Everything moves in the world xy plane; the
kinematics are exact: θ = ωt, crank pin r(cos θ, sin θ), piston pin
x_p = r cos θ + √(l² − r² sin² θ).

| Body | Name | Body frame | Rigid shape | Solvers (\`${DemoFiles.cad}\`) |
|---|---|---|---|---|
| ${Body.Frame} | frame | fixed, under the crank axis | main-bearing block (box) | none |
| ${Body.Crank} | crank | mid-crank, x along the crank | box | thermal, no CAD model (flag 0) |
| ${Body.Rod} | connecting_rod | mid-rod, x from crank pin to piston pin | box (replaced by its mesh) | stress-strain, with CAD matrix |
| ${Body.Piston} | piston | piston centre (= piston pin), x along the cylinder axis | cylinder (replaced by its mesh) | thermal, with CAD matrix |
| ${Body.Counterweight} | counterweight | opposite the crank pin, x along the crank | box | none |

The crank and counterweight turn in a plane ${mm(p.rodThickness / 2 + p.axialGap + p.crankThickness / 2)}
behind the rod's (world z < 0) so the parts do not overlap.

## Connecting rod: stress-strain (type 1)

A slender bar ${mm(p.rodLength)} × ${mm(p.rodWidth)} (in plane) × ${mm(p.rodThickness)}
of soft silicone rubber (E = ${g(p.rodYoungModulus / 1e6)} MPa,
ρ = ${p.rodDensity} kg/m³; EI = ${g(s.bendingStiffnessNm2)} N·m²), modelled
as a quasi-static Euler–Bernoulli beam simply supported at both pins. Its load
is the d'Alembert force of its own rigid-body acceleration,
q(s) = −ρA·a⊥(s), where a⊥ varies linearly between the transverse
accelerations of the two pins (exact for a rigid body; peak
${g(s.peakTransverseAccelerationMS2)} m/s²). The deflection is the closed form of a
uniform load plus a triangular one:

* uniform q: w = q s (L³ − 2Ls² + s³) / (24 EI)
* triangular q₁·s/L: w = q₁ s (7L⁴ − 10L²s² + 3s⁴) / (360 L EI)

Each section moves by w(s) in the plane and turns by w′(s), so a node at
height y also moves −y·w′(s) along the rod. Peak deflection over the stored
frames: **${mm(s.peakDeflectionM)}** (at t = ${g(s.peakDeflectionTimeS)} s); largest
node displacement ${mm(s.peakDisplacementM)}. Stored at true scale: use the
viewer's exaggeration to see it.

The mesh (${p.rodCells[2]} hexahedra along × ${p.rodCells[1]} across the width ×
${p.rodCells[0]} through the thickness, VTK node order) lives in its own CAD frame along its z axis from 0 (crank pin)
to l (piston pin); the CAD matrix maps mesh z → body x, mesh y → body y,
mesh x → −body z, shifted by (−l/2, 0, 0).

Assumption: quasi-static. The rod's first bending frequency,
${g(s.rodFirstFrequencyHz)} Hz, is above the crank's ${g(s.crankFrequencyHz)} Hz
(dynamic amplification is left out). Gravity and the axial force are left out.
The soft material is chosen so the deflection is visible.

## Piston: thermal (type 0)

A cylinder of radius ${mm(p.pistonRadius)} and length ${mm(p.pistonLength)} of
an Al–Cu–Mg piston alloy (k = ${p.pistonConductivity} W/(m·K),
ρ = ${p.pistonDensity} kg/m³, c = ${p.pistonSpecificHeat} J/(kg·K);
α = k/(ρc) = ${g(s.diffusivityM2S)} m²/s), initially at T0 = ${p.initialTemperature} K,
whose crown is held at Th = ${p.crownTemperature} K from t = 0⁺. Transient
1-D conduction into a semi-infinite solid:

T(z, t) = T0 + (Th − T0)·erfc(z / (2√(αt))), and T = T0 at t = 0,

with z the depth below the crown. Crown rise **${g(s.crownRiseK)} K**
(peak temperature ${g(s.peakTemperatureK)} K); at the far end of the piston
the rise after ${p.duration} s is ${g(s.skirtRiseK)} K. The penetration depth
2√(αt) reaches ${mm(s.penetrationDepthM)} at the end, less than the
${mm(p.pistonLength)} length, so the far end is barely reached and the
semi-infinite model is a fair approximation (an insulated far end would
double the small rise there).

The mesh (a ${p.pistonCells[0]} × ${p.pistonCells[0]} square mapped onto the
disk by x = u√(1 − v²/2), y = v√(1 − u²/2), × ${p.pistonCells[1]} layers)
lives in its own CAD frame with the crown at z = 0; the CAD matrix maps
mesh z → −body x (the crown faces away from the crank), mesh y → body y,
mesh x → body z, shifted by (length/2, 0, 0). Node coordinates are constant
(a thermal solver does not move nodes).

## Bulge demo: a rigged arm

\`arm.obj\` is a procedural arm (a capped tube along +x, 3074 vertices, metres),
\`arm.rig.json\` its rig (shoulder and elbow; the elbow flexes about +z and its
bulge attribute references code 5, "Generic", full at 120°, scale 0.5, so the
upper arm bulges on its +y side as the elbow bends), and
\`misc_data/bulge_types\` the default catalogue. Try:

    deforma bulge apply --rig arm.rig.json --mesh arm.obj --pose elbow=90 -o bent.obj

See docs/bulge-deformation.md.
`;
}
