import { LIMITS } from "@contract/limits";
import { objectRefOf } from "@contract/weave-refs";
import { toSpec, type QueueSpec } from "./annotation-specs";
import type { CallOptions } from "./http";
import { latestSpecVersions } from "./spec-objects";
import type { TraceClient } from "./trace";

/** Specs of a project a queue can ask, and the objects that could not be read as specs. */
export type ProjectSpecs = { specs: QueueSpec[]; unreadable: { ref: string; reason: string }[] };

/** Most specs read for a picker: ten pages of the service's largest page. */
const MAX_SPECS = 10 * LIMITS.objectPage;

/**
 * The project's human-annotation specs, the latest version of each, by name. Each is addressed by
 * its ref with the digest (what a queue's `scorer_refs` hold), and read tolerantly as a queue's
 * specs are: an object of the class whose value is not a spec is listed as unreadable, not hidden.
 */
export async function readProjectSpecs(
  client: TraceClient,
  projectId: string,
  options?: CallOptions,
): Promise<ProjectSpecs> {
  const result: ProjectSpecs = { specs: [], unreadable: [] };
  for (const obj of await latestSpecVersions(client, projectId, options, MAX_SPECS)) {
    const ref = objectRefOf(projectId, obj.object_id, obj.digest);
    const spec = toSpec(ref, obj.val);
    if (typeof spec === "string") result.unreadable.push({ ref, reason: spec });
    else result.specs.push(spec);
  }
  return result;
}
