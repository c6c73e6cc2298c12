/**
 * Op refs, the form in which the trace service names a call's operation:
 * `weave:///{entity}/{project}/op/{name}:{digest}` (digest `*` in a filter: every version). People
 * know an op by its name, and tell versions apart as Weave does (`v2`) only where a name has several.
 */

export type ParsedOpRef = {
  entity: string;
  project: string;
  name: string;
  /** "" when the ref has none. */ digest: string;
};

const OP_REF = /^weave:\/\/\/([^/]+)\/([^/]+)\/op\/(.+?)(?::([^:/]*))?$/;

/** The parts of an op ref, or null for anything else (an op name that is not a ref is shown as it is). */
export function parseOpRef(ref: string): ParsedOpRef | null {
  const match = OP_REF.exec(ref);
  return match ? { entity: match[1]!, project: match[2]!, name: match[3]!, digest: match[4] ?? "" } : null;
}

/** The ref of one version of an op; digest `*` means every version (upstream reads it so in `op_names`). */
export const opRef = (projectId: string, name: string, digest: string): string =>
  `weave:///${projectId}/op/${name}:${digest}`;

/** How many characters of a digest tell versions apart when their version numbers are unknown. */
const DIGEST_CHARS = 7;

/** A version's short label: `v2` when the service numbered it, else the digest's first characters. */
export const versionLabel = (version: { digest: string; index: number | null | undefined }): string =>
  version.index !== null && version.index !== undefined ? `v${version.index}` : version.digest.slice(0, DIGEST_CHARS);

/**
 * The readable part of an operation name: `support_agent.answer` for
 * `weave:///demo/support-bot/op/support_agent.answer:Q2x…`. Anything else is returned as it is.
 */
export function shortOpName(opName: string): string {
  return parseOpRef(opName)?.name ?? opName;
}
