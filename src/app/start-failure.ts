/** What browsers say when a module's file could not be fetched (Chromium, Firefox, Safari). */
const MODULE_LOAD_FAILURE =
  /dynamically imported module|error loading dynamically imported module|importing a module script failed/i;

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
