/**
 * Refs to objects of the trace server: `weave:///{entity}/{project}/object/{name}:{digest}`
 * (ops use `/op/`). A ref may carry a path into the value after the digest (`/attr/...`); this
 * service reads whole objects only and refuses such refs, as it refuses `:latest` (upstream
 * reads refs by digest only).
 */
export type ObjectRef = { entity: string; project: string; kind: "object" | "op"; name: string; digest: string };

const OBJECT_REF = /^weave:\/\/\/([^/]+)\/([^/]+)\/(object|op)\/([^/:]+):([^/:]+)$/;

export function parseObjectRef(ref: string): ObjectRef | null {
  const match = OBJECT_REF.exec(ref);
  if (!match) return null;
  const [, entity, project, kind, name, digest] = match;
  return { entity: decodeURIComponent(entity!), project: decodeURIComponent(project!), kind: kind as ObjectRef["kind"], name: decodeURIComponent(name!), digest: digest! };
}

export const objectRefOf = (projectId: string, name: string, digest: string, kind: "object" | "op" = "object"): string => `weave:///${projectId}/${kind}/${name}:${digest}`;
