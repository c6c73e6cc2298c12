import type { TraceObject } from "@contract/trace-objects";
import { LIMITS } from "@contract/limits";
import { objectRefOf } from "@contract/weave-refs";
import { StoredSpec } from "./annotation-specs";
import type { CallOptions } from "./http";
import { checkSavedVersion, type VersionBasis } from "./saved-version-check";
import type { TraceClient } from "./trace";

/**
 * A project's human-annotation specs as objects (AnnotationSpec): the versions behind them, for
 * the specs page and its editor. A queue reads its specs by versioned ref (annotation-specs.ts);
 * here the latest version of each is read, and a save stores the next version under the same
 * object id (feedback types are keyed on the id, so it never changes).
 */
export type SpecObject = {
  objectId: string;
  /** The ref of this version (`weave:///<project>/object/<id>:<digest>`), what a queue's scorer_refs hold. */
  ref: string;
  digest: string;
  /** 0 for the first version; people read it as "version index + 1". */
  versionIndex: number;
  /** No live version of the spec is newer. */
  isLatest: boolean;
  createdAt: string;
  /** The user id the service recorded as the version's author (`wb_user_id`), when it says one. */
  savedBy: string | null;
  /** `val.name` as stored ("" when none): what people read. */
  name: string;
  description: string;
  fieldSchema: Record<string, unknown>;
  uniqueAmongCreators: boolean;
  opScope: string[] | null;
  /** Why the stored value is not a usable spec (then the schema is empty), or null. */
  problem: string | null;
};

export const SPEC_CLASS = "AnnotationSpec";

export function toSpecObject(obj: TraceObject): SpecObject {
  const parsed = StoredSpec.safeParse(obj.val);
  const spec = parsed.success ? parsed.data : null;
  return {
    objectId: obj.object_id,
    ref: objectRefOf(obj.project_id, obj.object_id, obj.digest),
    digest: obj.digest,
    versionIndex: obj.version_index,
    isLatest: obj.is_latest === 1,
    createdAt: obj.created_at,
    savedBy: obj.wb_user_id ?? null,
    name: spec?.name?.trim() ?? "",
    description: spec?.description ?? "",
    fieldSchema: spec?.field_schema ?? {},
    uniqueAmongCreators: spec?.unique_among_creators === true,
    opScope: spec?.op_scope ?? null,
    problem: spec ? null : "the stored value is not a human-annotation spec",
  };
}

/**
 * The latest version of each of the project's AnnotationSpec objects, by object id, in pages of
 * the service's largest, up to `max` (a picker need not read an unbounded project).
 */
export async function latestSpecVersions(
  client: TraceClient,
  projectId: string,
  options?: CallOptions,
  max = Number.POSITIVE_INFINITY,
): Promise<TraceObject[]> {
  const objects: TraceObject[] = [];
  for (let offset = 0; offset < max; offset += LIMITS.objectPage) {
    const page = await client.queryObjects(
      {
        project_id: projectId,
        filter: { base_object_classes: [SPEC_CLASS], latest_only: true },
        sort_by: [{ field: "object_id", direction: "asc" }],
        limit: LIMITS.objectPage,
        offset,
      },
      options,
    );
    objects.push(...page);
    if (page.length < LIMITS.objectPage) break;
  }
  return objects;
}

/** The latest version of each of the project's specs, by object id. */
export async function listProjectSpecs(
  client: TraceClient,
  projectId: string,
  options?: CallOptions,
): Promise<SpecObject[]> {
  return (await latestSpecVersions(client, projectId, options)).map(toSpecObject);
}

/** The latest version of one spec (an ApiError of kind not_found when there is none). */
export async function readLatestSpec(
  client: TraceClient,
  projectId: string,
  objectId: string,
  options?: CallOptions,
): Promise<SpecObject> {
  return toSpecObject(
    await client.readObject({ project_id: projectId, object_id: objectId, digest: "latest" }, options),
  );
}

/** Whether the project already has an object with this id (a new spec must not become someone's next version). */
export async function objectIdTaken(
  client: TraceClient,
  projectId: string,
  objectId: string,
  options?: CallOptions,
): Promise<boolean> {
  const found = await client.queryObjects(
    { project_id: projectId, filter: { object_ids: [objectId] }, limit: 1, metadata_only: true },
    options,
  );
  return found.length > 0;
}

export type SpecFields = {
  name: string;
  description: string;
  field_schema: Record<string, unknown>;
  unique_among_creators: boolean;
  op_scope: string[] | null;
};

/** What a save found about other saves of the same spec (saved-version-check.ts). */
export type SpecSaveCheck =
  | { kind: "clean" }
  | { kind: "overtaken"; between: SpecObject[]; more: number }
  | { kind: "unchanged"; latest: SpecObject };

/**
 * Stores the spec as the next version of `objectId` (or its first), reads the version back, so
 * the editor can say which version it made and when, and checks nobody else saved in between
 * (`basis`: the version the edit started from, none for a new spec). Saving a value equal to an
 * existing version makes no new version: the service answers that version's digest.
 */
export async function saveSpec(
  client: TraceClient,
  projectId: string,
  objectId: string,
  fields: SpecFields,
  basis: VersionBasis | null,
  options?: CallOptions,
): Promise<{ saved: SpecObject; check: SpecSaveCheck }> {
  const { digest } = await client.createObject(
    { obj: { project_id: projectId, object_id: objectId, val: fields, builtin_object_class: SPEC_CLASS } },
    options,
  );
  const stored = await client.readObject({ project_id: projectId, object_id: objectId, digest }, options);
  const check = await checkSavedVersion(client, stored, basis, options);
  const saved = toSpecObject(stored);
  if (check.kind === "overtaken") return { saved, check: { ...check, between: check.between.map(toSpecObject) } };
  if (check.kind === "unchanged") return { saved, check: { kind: "unchanged", latest: toSpecObject(check.latest) } };
  return { saved, check };
}
