/**
 * Shaders of mesh bodies: node positions and scalars of the two neighbouring
 * `.agr` frames arrive as attributes (typed-array views of the loaded frames);
 * the blend, the displacement exaggeration and the colour map happen on the GPU.
 */

/** Vertex shader: blend frames, warp by vector, pass the scalar on. */
export const MESH_VERTEX = /* glsl */ `
attribute vec3 pos0;
attribute vec3 pos1;
attribute float val0;
attribute float val1;
uniform float uAlpha;
uniform float uExaggeration;
varying float vValue;
varying vec3 vViewPosition;
void main() {
  vec3 p = mix(pos0, pos1, uAlpha);
  p = position + uExaggeration * (p - position);
  vValue = mix(val0, val1, uAlpha);
  vec4 mv = modelViewMatrix * vec4(p, 1.0);
  vViewPosition = mv.xyz;
  gl_Position = projectionMatrix * mv;
#ifdef POINT_SIZE
  gl_PointSize = POINT_SIZE;
#endif
}
`;

/** Fragment shader: colour from the map's texture, faceted headlight shading. */
export const MESH_FRAGMENT = /* glsl */ `
uniform sampler2D uColormap;
uniform float uMin;
uniform float uMax;
varying float vValue;
varying vec3 vViewPosition;
void main() {
  float span = uMax - uMin;
  float u = span > 0.0 ? clamp((vValue - uMin) / span, 0.0, 1.0) : 0.5;
  vec3 color = texture2D(uColormap, vec2(u * (255.0 / 256.0) + 0.5 / 256.0, 0.5)).rgb;
  vec3 n = normalize(cross(dFdx(vViewPosition), dFdy(vViewPosition)));
  float light = 0.35 + 0.65 * abs(dot(n, normalize(-vViewPosition)));
  gl_FragColor = vec4(color * light, 1.0);
}
`;

/** Fragment shader of mesh edges (wireframe over the surface): dark grey lines. */
export const EDGE_FRAGMENT = /* glsl */ `
varying float vValue;
varying vec3 vViewPosition;
void main() {
  gl_FragColor = vec4(0.12, 0.16, 0.2, 1.0);
}
`;

/** Fragment shader of line and vertex cells: the colour map's colour, unlit (a line has no face to light). */
export const LINE_FRAGMENT = /* glsl */ `
uniform sampler2D uColormap;
uniform float uMin;
uniform float uMax;
varying float vValue;
varying vec3 vViewPosition;
void main() {
  float span = uMax - uMin;
  float u = span > 0.0 ? clamp((vValue - uMin) / span, 0.0, 1.0) : 0.5;
  gl_FragColor = vec4(texture2D(uColormap, vec2(u * (255.0 / 256.0) + 0.5 / 256.0, 0.5)).rgb, 1.0);
}
`;
