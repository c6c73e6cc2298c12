/**
 * The specs feature's public entry: the editor, for embedding where a spec is made on the spot
 * (a New queue dialog), and what reading and describing a spec takes.
 */
export { SpecEditor, type SpecEditorProps } from "./spec-editor";
export { describeSchema } from "./spec-schema";
export { specPaths } from "./spec-paths";
