/**
 * The workspace contract and registry. A workspace is one way of looking at
 * the project (Mixed animation, Mesh, Bulges, Live and the single-file check,
 * registered in web/src/workspaces.ts);
 * the shell's routes and tabs are derived from the registry, so adding one is
 * one {@link registerWorkspace} call.
 */
import type { MessageKey } from "../i18n.js";
import type { Route } from "../route.js";

/** A workspace the shell has made: its element and its life cycle. */
export interface Workspace {
  /** Root element, made once; the shell hides it while another workspace is shown. */
  readonly element: HTMLElement;
  /** Shows what `route` asks for (a file, a time); called again when the route changes. */
  open(route: Route): Promise<void> | void;
  /** Frees what `open` made: GPU resources, listeners; stops its clock. */
  close(): void;
}

/** How the shell knows a workspace before making it. */
export interface WorkspaceDescriptor {
  /** Route id: `#/<id>`. */
  readonly id: string;
  /** Its name (a key of the string catalogue). */
  readonly label: MessageKey;
  /** Whether it has a tab in the header (the file check is reached from the file list). */
  readonly tab: boolean;
  /**
   * Whether it opens project files: those of the formats whose registry
   * descriptor names this workspace (`FormatDescriptor.workspace`, sent by the
   * server with the file list). The file check opens any other known format.
   */
  readonly playsFiles: boolean;
  /** The file view's link to open a file here (default "open in <label>"). */
  readonly openLabel?: MessageKey;
  /** Makes the workspace (once, on first use). */
  create(): Workspace;
  /**
   * Starts reading what the page's first address opens, before the page is
   * built (a deep link such as `#/mesh?file=…`): the workspace's `open` then
   * takes up that read instead of starting its own (decision 223).
   */
  prefetch?(route: Route): void;
}

const registry: WorkspaceDescriptor[] = [];

/** Adds a workspace; a second one with the same id replaces the first. */
export function registerWorkspace(descriptor: WorkspaceDescriptor): void {
  const i = registry.findIndex((w) => w.id === descriptor.id);
  if (i >= 0) registry[i] = descriptor;
  else registry.push(descriptor);
}

/** Every registered workspace, in registration order. */
export function workspaces(): readonly WorkspaceDescriptor[] {
  return registry;
}

/** The workspace with route id `id`, if one is registered. */
export function findWorkspace(id: string): WorkspaceDescriptor | undefined {
  return registry.find((w) => w.id === id);
}

/** The route id that opens a file whose format names workspace `id` (or none): that workspace when it plays files, else the file check. */
export function workspaceForFormat(id: string | undefined): string {
  const w = id === undefined ? undefined : findWorkspace(id);
  return w?.playsFiles ? w.id : FILE_WORKSPACE;
}

/** The route id of the single-file check. */
export const FILE_WORKSPACE = "file";
