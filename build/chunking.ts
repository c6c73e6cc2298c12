/**
 * The entry modules and what src/boot.ts needs, kept out of the `app` chunk: boot.ts must run before
 * that chunk has arrived (it starts the first page's download), and main.tsx awaits the first page's
 * code at its top level while that code imports from `app`, which would then wait for itself.
 */
const ENTRY_MODULES = /[\\/](index\.html|src[\\/]main\.tsx|src[\\/]boot\.ts)$/;
const BOOT_DEPENDENCIES = /([\\/]src[\\/]app[\\/](page-modules|path-pattern)\.ts|vite[\\/]preload-helper(\.js)?)$/;

/**
 * How the build splits the dashboard into files, chosen for the first load (issue 17's bench: the
 * catalog's first row on a cold load). Left to itself the bundler made ~120 files: 36 for the first
 * page's shell and a dozen more for each page, and a browser fetches at most six at once from one
 * host over HTTP/1.1, so the page's own data request waited behind its code. Two groups instead:
 * - `app`: everything the entry imports statically (the shell, React, the contract schemas) in one
 *   file, except BOOT_MODULES.
 * - `shared`: our own modules that two or more pages use (table kit, fields, formatting, queries)
 *   in one file, fetched beside the first page's own file. Every page is preloaded once the browser
 *   is idle anyway (app/lazy-page.tsx), so this moves bytes earlier rather than adding any.
 *   (Preloading it from index.html as well gained nothing measurable.)
 * Libraries only some pages use (uPlot) stay in their own files.
 */
export const CODE_SPLITTING_GROUPS = [
  { name: "boot-dependencies", test: BOOT_DEPENDENCIES, priority: 2 },
  { name: "app", tags: ["$initial" as const], test: (id: string) => !ENTRY_MODULES.test(id), priority: 1 },
  { name: "shared", minShareCount: 2, test: /[\\/](src|contract)[\\/]/ },
];
