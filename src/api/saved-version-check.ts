import type { TraceObject } from "@contract/trace-objects";
import type { CallOptions } from "./http";
import type { TraceClient } from "./trace";

/**
 * Whether a save of an object version raced another save of the same object id.
 *
 * The trace service's `/obj/create` has no compare-and-set (upstream's neither), so a check
 * before the save cannot stop two saves at the same instant: both pass it and both are stored,
 * the later one hiding the other as "latest". What the API does give is the version index, one
 * per object id and consecutive: after the save, the version just before ours must be the one
 * the edit started from (none for a new object, so ours must be the first). Anything between
 * them was saved by someone else meanwhile. Both versions exist; the person must be told.
 */
export type VersionBasis = { digest: string; versionIndex: number };

export type SavedVersionCheck =
  /** Ours is the next version after the basis: nobody saved in between. */
  | { kind: "clean" }
  /**
   * Someone saved `between` (oldest first, the nearest few read) after the basis and before ours,
   * so ours is built on a version that had stopped being the latest; `more` were not read.
   */
  | { kind: "overtaken"; between: TraceObject[]; more: number }
  /**
   * The value is one the object already holds (an older version, by digest), so the service made
   * no new version and `latest`, someone else's, still stands.
   */
  | { kind: "unchanged"; latest: TraceObject };

/** How many of the versions saved in between are read to be shown; the rest are counted. */
export const BETWEEN_READ = 3;

/**
 * Checks a version just stored (read back by its digest) against the version its edit started
 * from (`null` for a new object). Reads only the versions in between, by index (`v<n>`, which
 * `/obj/read` takes as upstream does).
 */
export async function checkSavedVersion(
  client: TraceClient,
  saved: TraceObject,
  basis: VersionBasis | null,
  options?: CallOptions,
): Promise<SavedVersionCheck> {
  const baseIndex = basis?.versionIndex ?? -1;
  const read = (digest: string) =>
    client.readObject({ project_id: saved.project_id, object_id: saved.object_id, digest }, options);
  if (saved.version_index <= baseIndex) {
    // The service answered a version that already existed: nothing new, fine while it is the latest.
    return saved.is_latest === 1 ? { kind: "clean" } : { kind: "unchanged", latest: await read("latest") };
  }
  const count = saved.version_index - baseIndex - 1;
  if (count === 0) return { kind: "clean" };
  const shown = Math.min(count, BETWEEN_READ);
  const indexes = Array.from({ length: shown }, (_, n) => saved.version_index - shown + n);
  const between = await Promise.all(indexes.map((index) => read(`v${index}`)));
  return { kind: "overtaken", between, more: count - shown };
}

/**
 * Who saved another version, in words, from what the service recorded (`wb_user_id`, when it
 * gives one): the same user as ours is the person themselves, in another tab or window.
 */
export function whoSaved(theirs: string | null | undefined, ours: string | null | undefined): string {
  if (!theirs) return "someone (the service does not say who)";
  if (theirs === ours) return "you, in another tab or window";
  return `user ${theirs}`;
}
