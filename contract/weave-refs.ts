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
  return {
    entity: decodeURIComponent(entity!),
    project: decodeURIComponent(project!),
    kind: kind as ObjectRef["kind"],
    name: decodeURIComponent(name!),
    digest: digest!,
  };
}

export const objectRefOf = (
  projectId: string,
  name: string,
  digest: string,
  kind: "object" | "op" = "object",
): string => `weave:///${projectId}/${kind}/${name}:${digest}`;

/**
 * Any ref `/refs/read_batch` may be given, with the path after it (`extra`): pairs of an edge
 * (`key`, `attr`, `index`, `id`) and its argument, each part URL-decoded, as upstream's
 * refs_internal.py reads them. An object or op ref: `.../object|op/<name>:<digest>[/<extra>]`; a
 * table ref: `.../table/<digest>[/id/<row digest>...]`. Null when the text is no such ref.
 */
export type WeaveRef =
  | { kind: "object" | "op"; entity: string; project: string; name: string; digest: string; extra: string[] }
  | { kind: "table"; entity: string; project: string; digest: string; extra: string[] };

/** The edges a ref's path may take, as upstream names them (refs_internal.py). */
export const REF_EDGES = ["key", "attr", "index", "id"] as const;

const decode = (part: string): string | null => {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
};

export function parseWeaveRef(ref: string): WeaveRef | null {
  if (!ref.startsWith("weave:///")) return null;
  const parts = ref.slice("weave:///".length).split("/").map(decode);
  if (parts.some((part) => part === null || part === "")) return null;
  const [entity, project, kind, head, ...extra] = parts as string[];
  if (!entity || !project || !head) return null;
  if (kind === "table") return { kind, entity, project, digest: head, extra };
  if (kind !== "object" && kind !== "op") return null;
  const colon = head.lastIndexOf(":");
  if (colon <= 0 || colon === head.length - 1) return null;
  return { kind, entity, project, name: head.slice(0, colon), digest: head.slice(colon + 1), extra };
}
