import { preloadFirstPageRequest } from "./first-page-request";
import { PAGE_MODULES, pagePathAt } from "./page-modules";
import { browserStorage } from "@/lib/browser-storage";
import { applyTheme, readThemePreference, resolveTheme, systemPrefersDark } from "@/settings/theme/theme-preference";

/**
 * What src/boot.ts, the one script index.html runs, does. It starts downloading the page at the
 * address (and the code that page shares with others) at once, sends that page's first data
 * request as soon as the deployment config is in, and only then runs the app (`runApp`: main.tsx).
 *
 * main.tsx cannot do the first two itself: its own imports (React, the router, the app's shell)
 * must all arrive and run before its first line does. And it must not run before the request is
 * sent: running the app's code is one long task (~40 ms on the bench machine), and the config's
 * answer waited behind it, so the request went out only after it (issue 17's bench: the catalog's
 * first row). The app's files are still fetched from the start (index.html preloads them,
 * build/entries.ts), so nothing waits for their bytes, only for their turn to run. The config is
 * small and asked for by index.html's first lines: on a real host it is in long before the app's
 * 360 KB are.
 *
 * boot.ts stays small for the same reason (build/chunking.ts keeps what it imports out of the
 * app's chunk, and bench/bundle-budget.ts caps its size). A page's code or data that fails here
 * is left to the app: the router loads the page again when it renders and says what went wrong,
 * and the page's client asks for its data itself when no identical request was made here. Only
 * the app itself failing to load or start is shown here (showStartFailure).
 */
export function bootThenRun(runApp: () => Promise<unknown>): Promise<unknown> {
  // The stored theme, on <html> before anything is painted (main.tsx's theme store keeps it there).
  applyTheme(document.documentElement, resolveTheme(readThemePreference(browserStorage().local), systemPrefersDark()));
  const pagePath = pagePathAt(window.location.pathname);
  if (pagePath) PAGE_MODULES[pagePath]().catch(() => undefined);
  return preloadFirstPageRequest(pagePath)
    .catch(() => undefined)
    .then(runApp)
    .catch((error: unknown) => showStartFailure(document.getElementById("root"), error));
}

/** What browsers say when a module's file could not be fetched (Chromium, Firefox, Safari). */
const MODULE_LOAD_FAILURE = /dynamically imported module|error loading dynamically imported module|importing a module script failed/i;

/**
 * The app's code failed to load or to start (a dropped connection, a deployment replaced under an
 * open tab, a bug): say so and offer a reload, instead of leaving the page blank. Plain DOM with
 * text only, as nothing of React has run. The error goes to the console too, stack and all, as a
 * crash inside the app does (PanelErrorBoundary). It takes the place of index.html's loading
 * words; nothing is replaced once the app has drawn anything. (This covers the app's files; if
 * boot.ts's own cannot load, index.html's words are all there is.)
 */
export function showStartFailure(root: HTMLElement | null, error: unknown): void {
  console.error("The dashboard could not start:", error);
  root?.querySelector("[data-boot-status]")?.remove();
  if (!root || root.childElementCount > 0) return;
  const message = error instanceof Error ? error.message : String(error);
  const notLoaded = MODULE_LOAD_FAILURE.test(message);
  const page = document.createElement("main");
  page.className = "mx-auto flex min-h-screen max-w-lg flex-col justify-center gap-4 p-8";
  const alert = document.createElement("div");
  alert.setAttribute("role", "alert");
  alert.className = "flex flex-col gap-4";
  const heading = document.createElement("h1");
  heading.className = "text-lg font-semibold";
  heading.textContent = "The dashboard could not start";
  const advice = document.createElement("p");
  advice.className = "text-sm text-fg-muted";
  advice.textContent = notLoaded
    ? "Its code did not load completely. Check the connection, then reload the page."
    : "It hit an error while starting. Reload the page; if this keeps happening, report the details below.";
  const details = document.createElement("p");
  details.className = "font-mono text-xs text-fg-muted";
  details.textContent = `Details: ${message}`;
  alert.append(heading, advice, details);
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "self-start rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-accent-fg";
  reload.textContent = "Reload";
  reload.addEventListener("click", () => window.location.reload());
  page.append(alert, reload);
  root.append(page);
}
