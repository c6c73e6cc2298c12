import { preloadFirstPageRequest } from "./first-page-request";
import { loadPage, pageAt } from "./pages";
import { showStartFailure } from "./start-failure";
import { browserStorage } from "@/lib/browser-storage";
import { applyTheme, readThemePreference, resolveTheme, systemPrefersDark } from "@/components/theme/theme-preference";

/**
 * What src/boot.ts, the one script index.html runs, does. It starts downloading the page at the
 * address (and the code that page shares with others) at once, sends that page's first data
 * request as soon as the deployment config is in, and only then runs the app (`runApp`: main.tsx).
 *
 * main.tsx cannot do the first two itself: its own imports (React, the router, the app's shell)
 * must all arrive and run before its first line does. And it must not run before the request is
 * sent: running the app's code is one long task, and the config's answer
 * would wait behind it, so the request would go out only after it (and the catalog's first row
 * with it). The app's files are still fetched from the start (index.html preloads them,
 * build/entries.ts), so nothing waits for their bytes, only for their turn to run. The config is
 * small and asked for by index.html's first lines: on a real host it is in long before the app's
 * 360 KB are.
 *
 * boot.ts stays small for the same reason (build/chunking.ts keeps what it imports out of the
 * app's chunk, and bench/bundle-budget.ts caps its size). A page's code or data that fails here
 * is left to the app: the router loads the page again when it renders and says what went wrong,
 * and the page's client asks for its data itself when no identical request was made here. Only
 * the app itself failing to load or start is shown here (start-failure.ts).
 */
export function bootThenRun(runApp: () => Promise<unknown>): Promise<unknown> {
  // The stored theme, on <html> before anything is painted (main.tsx's theme store keeps it there).
  applyTheme(document.documentElement, resolveTheme(readThemePreference(browserStorage().local), systemPrefersDark()));
  const page = pageAt(window.location.pathname);
  if (page) loadPage(page).catch(() => undefined);
  return preloadFirstPageRequest(page)
    .catch(() => undefined)
    .then(runApp)
    .catch((error: unknown) => showStartFailure(document.getElementById("root"), error));
}
