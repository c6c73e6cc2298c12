import { preloadFirstPageRequest } from "@/app/first-page-request";
import { PAGE_MODULES, pagePathAt } from "@/app/page-modules";

/**
 * The first script index.html runs, before main.tsx: it starts downloading the page at the
 * address (and the code that page shares with others), and that page's first data request, at
 * once. main.tsx cannot: its own imports (React, the router, the app's shell) must all arrive and
 * run before its first line does, so both would start only then. It stays small for the same
 * reason (build/chunking.ts keeps what it imports out of the app's chunk, and
 * bench/bundle-budget.ts caps its size). Failures are quiet here: the router loads the page again
 * when it renders and says what went wrong, and the page's client asks for its data itself when
 * no identical request was made here.
 */
const pagePath = pagePathAt(window.location.pathname);
if (pagePath) PAGE_MODULES[pagePath]().catch(() => undefined);
preloadFirstPageRequest(pagePath).catch(() => undefined);
