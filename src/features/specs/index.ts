/**
 * The specs feature's public entry: the editor, for embedding where a spec is made on the spot
 * (a New queue dialog), what reading and describing a spec takes, and the side-by-side view of
 * two versions that a save raced by another (a judge's too) offers.
 */
export { SpecEditor, type SpecEditorProps } from "./spec-editor";
export { describeSchema } from "./spec-schema";
export { specPaths } from "./spec-paths";
export { VersionComparison, type ComparedField } from "./version-comparison";
