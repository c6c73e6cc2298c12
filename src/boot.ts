import { PAGE_MODULES, pagePathAt } from "@/app/page-modules";

/**
 * The first script index.html runs, before main.tsx: it starts downloading the page at the
 * address, and the code that page shares with others, at once. main.tsx cannot: its own imports
 * (React, the router, the app's shell) must all arrive and run before its first line does, so the
 * page's code would be asked for only then, one round trip later. It stays this small for the same
 * reason; build/chunking.ts keeps it out of the app's chunk. Loading fails quietly here: the
 * router loads the page again when it renders and reports a failure there.
 */
const pagePath = pagePathAt(window.location.pathname);
if (pagePath) PAGE_MODULES[pagePath]().catch(() => undefined);
