import { opRef } from "@/lib/op-refs";

// Apart from the op catalog: boot.ts builds the Calls page's first request with opFilterRef
// (calls-url-state.ts), and must not bring the catalog's code, nor the name ordering it imports.

/**
 * The op filter of the URL (`op=name` for every version, `op=name:digest` for one) as the service's
 * `op_names` entry.
 */
export function opFilterRef(projectId: string, op: string): string {
  const colon = op.lastIndexOf(":");
  return colon > 0 ? opRef(projectId, op.slice(0, colon), op.slice(colon + 1)) : opRef(projectId, op, "*");
}

/** The URL's op filter value of a choice: the name alone, or `name:digest` for one version. */
export const opFilterValue = (name: string, digest?: string): string => (digest ? `${name}:${digest}` : name);
