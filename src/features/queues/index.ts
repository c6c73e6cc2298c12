/**
 * What other features may use of the queues feature (the linter allows no deeper import): the
 * annotation project from Settings, the notice shown without one, and the dense table cells.
 */
export { useAnnotationProject } from "./shared/use-annotation-project";
export { NoProjectNotice } from "./shared/no-project-notice";
export { CopyCell, FocusTip, NowProvider, TimeCell, TipText, useTableCopy } from "./shared/dense-cells";
export { callDurationMs, shortId } from "./shared/format";
export { DebouncedTextField } from "./shared/debounced-text-field";
