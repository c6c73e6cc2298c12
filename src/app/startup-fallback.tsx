import { Spinner } from "../components/spinner";

/** Shown for the moment the first page's code loads. */
export function StartupFallback() {
  return (
    <output className="flex min-h-screen items-center justify-center gap-2 text-sm text-fg-muted">
      <Spinner />
      Loading…
    </output>
  );
}
