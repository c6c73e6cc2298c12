import type { TraceObject } from "@contract/trace-objects";
import { compareText } from "@/lib/compare-text";
import { opRef, parseOpRef, versionLabel } from "@/lib/op-refs";

/**
 * Op names as people read them. A call's `op_name` is a full op ref,
 * `weave:///{entity}/{project}/op/{name}:{digest}`; people know the op by its name, and need the
 * version only when the project has several versions of that op.
 */

export type OpVersion = {
  name: string;
  digest: string;
  ref: string;
  /** 0-based, as the service numbers versions; null when unknown. */ index: number | null;
};

/** What is known of the project's ops: every version of each, by name, oldest first. */
export type OpCatalog = ReadonlyMap<string, readonly OpVersion[]>;

/**
 * The catalog from the service's op objects (object id = op name, one object per digest), with the
 * op refs seen on calls added (a call may name a version the objects list does not hold, e.g. past
 * its first 1,000 entries).
 */
export function buildOpCatalog(
  projectId: string,
  objects: readonly Pick<TraceObject, "object_id" | "digest" | "version_index">[],
  seenRefs: readonly string[] = [],
): OpCatalog {
  const byName = new Map<string, Map<string, OpVersion>>();
  const put = (version: OpVersion) => {
    const versions = byName.get(version.name) ?? new Map<string, OpVersion>();
    const known = versions.get(version.digest);
    if (!known || (known.index === null && version.index !== null)) versions.set(version.digest, version);
    byName.set(version.name, versions);
  };
  for (const obj of objects)
    put({
      name: obj.object_id,
      digest: obj.digest,
      ref: opRef(projectId, obj.object_id, obj.digest),
      index: obj.version_index,
    });
  for (const ref of seenRefs) {
    const parsed = parseOpRef(ref);
    if (parsed && parsed.digest !== "*" && parsed.digest !== "")
      put({ name: parsed.name, digest: parsed.digest, ref, index: null });
  }
  const catalog = new Map<string, OpVersion[]>();
  // Not ordered by name here: the table only looks ops up, and ordering (opNamesInOrder) may need
  // the page's first collator (a name that is not plain ASCII), which loads ICU's collation data.
  for (const [name, versions] of byName) {
    catalog.set(
      name,
      [...versions.values()].sort(
        (a, b) => (a.index ?? Number.MAX_SAFE_INTEGER) - (b.index ?? Number.MAX_SAFE_INTEGER),
      ),
    );
  }
  return catalog;
}

/** The catalog's op names as every name column is ordered (compareText: case ignored, numbers by value). */
export function opNamesInOrder(catalog: OpCatalog): string[] {
  return [...catalog.keys()].sort(compareText);
}

export type OpDisplay = {
  name: string;
  /** Shown only when the op has several versions. */ version: string | null;
  full: string;
};

/** How a call's op shows in the table: its name, and its version when the project has several. */
export function displayOp(opName: string, catalog: OpCatalog): OpDisplay {
  const parsed = parseOpRef(opName);
  if (!parsed) return { name: opName, version: null, full: opName };
  const versions = catalog.get(parsed.name) ?? [];
  if (versions.length < 2) return { name: parsed.name, version: null, full: opName };
  const known = versions.find((v) => v.digest === parsed.digest);
  return { name: parsed.name, version: versionLabel(known ?? { digest: parsed.digest, index: null }), full: opName };
}
