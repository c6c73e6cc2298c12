// Build-time settings the dashboard reads (all optional; see settings-defaults.ts and docs-links.ts).
interface ImportMetaEnv {
  readonly VITE_TRACE_BASE_URL?: string;
  readonly VITE_TRAINING_BASE_URL?: string;
  readonly VITE_INFERENCE_BASE_URL?: string;
  readonly VITE_DOCS_URL?: string;
}
