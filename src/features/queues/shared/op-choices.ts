import { compareText } from "@/lib/compare-text";
import { parseOpRef, versionLabel } from "@/lib/op-refs";

/**
 * Operation names as people read them. The service stores each call's operation as a full ref,
 * `weave:///{entity}/{project}/op/{name}:{digest}`; people know `support_agent.answer`, and tell
 * versions apart as Weave does (`support_agent.answer:v1`) only when a name has several.
 */

/** One operation a filter can offer: its full ref and what people read. */
export type OpChoice = { ref: string; name: string; label: string };

/**
 * The offered refs with their labels, sorted by label: the bare name when one version of it is
 * known, else the name with its version (`:v2` from the project's op objects, else the digest's
 * first characters). `projectOps` (op ref -> version number) counts towards "several versions"
 * too, so a label does not change as more of a queue is read. Non-op refs are offered as they are.
 */
export function opChoices(offered: Iterable<string>, projectOps: ReadonlyMap<string, number> = new Map()): OpChoice[] {
  const refs = new Set(offered);
  const versionsOf = new Map<string, Set<string>>();
  for (const ref of [...refs, ...projectOps.keys()]) {
    const name = parseOpRef(ref)?.name ?? ref;
    versionsOf.set(name, (versionsOf.get(name) ?? new Set()).add(ref));
  }
  const choices = [...refs].map((ref): OpChoice => {
    const parsed = parseOpRef(ref);
    const name = parsed?.name ?? ref;
    const version = versionLabel({ digest: parsed?.digest ?? "", index: projectOps.get(ref) });
    const several = (versionsOf.get(name)?.size ?? 1) > 1;
    return { ref, name, label: several && version !== "" ? `${name}:${version}` : name };
  });
  // compareText, as every name column: no collator for ASCII labels (its first use is costly on a cold load).
  return choices.sort((a, b) => compareText(a.label, b.label));
}

/** What a typed Operation filter means: one op's ref, a name that several versions share, or the text itself. */
export type OpFilterReading =
  | { kind: "ref"; ref: string }
  | { kind: "ambiguous"; name: string; labels: string[] }
  | { kind: "as-typed"; text: string };

/**
 * Reads what was typed into an Operation filter: a label or a full ref picks that op; a bare name
 * picks its only version, or is ambiguous when several are known; case is ignored when nothing
 * matches exactly. Anything else is sent as typed (the service matches exactly, so an op this page
 * has not seen can still be found by its full ref).
 */
export function readOpFilter(text: string, choices: readonly OpChoice[]): OpFilterReading {
  const typed = text.trim();
  if (typed === "") return { kind: "as-typed", text: "" };
  const exact = choices.find((c) => c.label === typed || c.ref === typed);
  if (exact) return { kind: "ref", ref: exact.ref };
  const lower = typed.toLowerCase();
  const byLabel = choices.filter((c) => c.label.toLowerCase() === lower);
  if (byLabel.length === 1) return { kind: "ref", ref: byLabel[0]!.ref };
  const byName = choices.filter((c) => c.name === typed);
  const named = byName.length > 0 ? byName : choices.filter((c) => c.name.toLowerCase() === lower);
  if (named.length === 1) return { kind: "ref", ref: named[0]!.ref };
  if (named.length > 1) return { kind: "ambiguous", name: named[0]!.name, labels: named.map((c) => c.label) };
  return { kind: "as-typed", text: typed };
}

/** The label of a ref among the choices; an unknown ref reads as its name, anything else as it is. */
export function opLabel(ref: string, choices: readonly OpChoice[]): string {
  return choices.find((c) => c.ref === ref)?.label ?? parseOpRef(ref)?.name ?? ref;
}
