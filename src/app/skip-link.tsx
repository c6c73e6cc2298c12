/** First focusable element: jumps past the navigation to the page content. */
export function SkipLink({ target = "main" }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium text-fg shadow-lg ring-1 ring-line focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to main content
    </a>
  );
}
