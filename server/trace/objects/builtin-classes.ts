import { ServiceError } from "../../http/errors";
import { checkActionSpec } from "./action-spec";
import { schemaProblem } from "./json-schema";

/**
 * What `obj/create` stores for a value, and the classes it records, as upstream's
 * `process_incoming_object_val` decides: a value that names its class in `_class_name`/`_bases`
 * keeps it; a value sent with `builtin_object_class` is validated as that class and stored with
 * `_type`, `_class_name` and `_bases` added; anything else is stored as sent, with no class.
 * (Upstream trusts a value that names its own class; here an AnnotationSpec or an ActionSpec is
 * checked either way.)
 */
export type ProcessedObject = { val: unknown; baseObjectClass: string | null; leafObjectClass: string | null };

const BASE_CLASSES = ["BaseObject", "Object"];

type ClassedValue = Record<string, unknown> & { _class_name: string; _bases: string[] };

function declaredClass(val: Record<string, unknown>): { leaf: string; base: string } | null {
  const bases = val._bases;
  if (
    !Array.isArray(bases) ||
    bases.length < 2 ||
    bases.at(-1) !== "BaseModel" ||
    !BASE_CLASSES.includes(String(bases.at(-2)))
  )
    return null;
  const leaf = typeof val._class_name === "string" ? val._class_name : null;
  if (!leaf) return null;
  return { leaf, base: bases.length > 2 ? String(bases.at(-3)) : leaf };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function processObjectValue(val: unknown, builtinClass: string | null): ProcessedObject {
  if (!isRecord(val)) {
    if (builtinClass)
      throw new ServiceError(
        400,
        "builtin_object_class cannot be given for a value that is not an object.",
        "invalid_object",
      );
    return { val, baseObjectClass: null, leafObjectClass: null };
  }
  const declared = declaredClass(val);
  if (declared && builtinClass && declared.leaf !== builtinClass) {
    throw new ServiceError(
      400,
      `builtin_object_class must match the value's own class: ${declared.leaf} != ${builtinClass}.`,
      "invalid_object",
    );
  }
  // A value that calls itself an ActionSpec is a judge the dashboard will run: checked whatever its bases say.
  if (val._class_name === "ActionSpec" || builtinClass === "ActionSpec") checkActionSpec(val);
  if (declared) {
    if (declared.leaf === "AnnotationSpec") annotationSpecFields(val);
    return { val, baseObjectClass: declared.base, leafObjectClass: declared.leaf };
  }
  if (!builtinClass) return { val, baseObjectClass: null, leafObjectClass: null };
  if (builtinClass === "ActionSpec") return classedActionSpec(val);
  if (builtinClass !== "AnnotationSpec")
    throw new ServiceError(400, `Unknown object class: ${builtinClass}.`, "invalid_object");
  const fields = annotationSpecFields(val);
  // Key order as upstream's dump (the digest sorts keys, so it only shows in what is read back).
  const stored: ClassedValue = {
    _type: "AnnotationSpec",
    ...fields,
    _class_name: "AnnotationSpec",
    _bases: ["BaseObject", "BaseModel"],
  };
  return { val: stored, baseObjectClass: "AnnotationSpec", leafObjectClass: "AnnotationSpec" };
}

/**
 * An ActionSpec sent with builtin_object_class (already checked): stored as sent with its class added.
 * Unknown keys stay (unlike an AnnotationSpec's): the dashboard keeps its judge's settings there.
 */
function classedActionSpec(val: Record<string, unknown>): ProcessedObject {
  const { _type: _ignoredType, _class_name: _ignoredClass, _bases: _ignoredBases, ...fields } = val;
  const stored: ClassedValue = {
    _type: "ActionSpec",
    ...fields,
    _class_name: "ActionSpec",
    _bases: ["BaseObject", "BaseModel"],
  };
  return { val: stored, baseObjectClass: "ActionSpec", leafObjectClass: "ActionSpec" };
}

/**
 * An AnnotationSpec's fields with their defaults: `name`, `description`, `field_schema` (a JSON
 * Schema; refused with a 400 naming the problem where upstream answers a 500),
 * `unique_among_creators`, `op_scope`. Other keys are dropped, as pydantic does by default.
 */
function annotationSpecFields(val: Record<string, unknown>) {
  const optionalText = (key: string) => {
    const value = val[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== "string")
      throw new ServiceError(400, `AnnotationSpec.${key} must be a string or null.`, "invalid_object");
    return value;
  };
  const fieldSchema = val.field_schema ?? {};
  const problem = schemaProblem(fieldSchema);
  if (problem) throw new ServiceError(400, `AnnotationSpec.field_schema ${problem}.`, "invalid_field_schema");
  const unique = val.unique_among_creators ?? false;
  if (typeof unique !== "boolean")
    throw new ServiceError(400, "AnnotationSpec.unique_among_creators must be true or false.", "invalid_object");
  const opScope = val.op_scope ?? null;
  if (opScope !== null && !(Array.isArray(opScope) && opScope.every((ref) => typeof ref === "string"))) {
    throw new ServiceError(400, "AnnotationSpec.op_scope must be a list of op refs or null.", "invalid_object");
  }
  return {
    name: optionalText("name"),
    description: optionalText("description"),
    field_schema: fieldSchema,
    unique_among_creators: unique,
    op_scope: opScope,
  };
}
