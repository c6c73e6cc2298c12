import { chromium, type Browser, type Page } from "playwright-core";
import { API_KEY_STORAGE_KEY } from "../../src/connection/settings-storage";
import type { ServerDbManifest } from "../fixtures/server-db";
import { CHROMIUM_FLAGS, chromiumPath } from "../lib/browser";
import { dashboardContext } from "../interactions/browser-session";
import { dashboardStorage } from "../lib/dashboard-storage";

export type Annotator = { id: string; apiKey: string };
export type AnnotatorPages = {
  browser: Browser;
  pages: { annotator: Annotator; page: Page }[];
  close(): Promise<void>;
};

/**
 * One Chromium (Debian's, through playwright-core) with a browser context per annotator: separate
 * storage, so each is a returning user signed in with their own key, as two people on two machines
 * (without a second browser process on a 2-core machine).
 */
export async function openAnnotatorPages(
  origin: string,
  manifest: ServerDbManifest,
  annotators: readonly Annotator[],
): Promise<AnnotatorPages> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith("--headless")),
  });
  const pages = [];
  for (const annotator of annotators) {
    const storage = { ...dashboardStorage(origin, manifest), [API_KEY_STORAGE_KEY]: annotator.apiKey };
    const context = await dashboardContext(browser, origin, storage);
    pages.push({ annotator, page: await context.newPage() });
  }
  return {
    browser,
    pages,
    async close() {
      await browser.close();
    },
  };
}
