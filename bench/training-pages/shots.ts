import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../lib/browser";
import { signedInStorage, writeStorage } from "../lib/dashboard-storage";
import { THEME_STORAGE_KEY } from "../../src/components/theme/theme-preference";

/**
 * Screenshots of the training pages at 390, 768, 1366 and 2560 px, light and dark, to look at
 * (the narrow screens especially): `npx tsx bench/training-pages/shots.ts <origin> <out dir>`, against
 * a server with the seeded demo. ONLY=compare,jobs,model,train, WIDTHS=, THEMES= narrow it down;
 * FRAMES=n takes n screen-sized frames down each page instead of one full-page image.
 */
const origin = process.argv[2]!;
const out = process.argv[3]!;
const only = process.env.ONLY?.split(",");
const pages: Record<string, string> = {
  compare: "/training/compare?jobs=job_5eed00000000a001,job_5eed00000000a003",
  jobs: "/training",
  model: "/training/models/model_5eed00000000a001",
  train: "/queues/01a17e7f-f3b4-7000-aefb-741159bcc9b7/train",
};
const widths = (process.env.WIDTHS ?? "390,768,1366,2560").split(",").map(Number);
const themes = (process.env.THEMES ?? "light,dark").split(",");
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
for (const theme of themes) {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1366, height: 900 } });
  await context.addInitScript(writeStorage, {
    ...signedInStorage(),
    [THEME_STORAGE_KEY]: theme,
  });
  const page = await context.newPage();
  for (const [name, path] of Object.entries(pages)) {
    if (only && !only.includes(name)) continue;
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.waitForTimeout(2500);
      if (process.env.FRAMES) {
        // Screen-sized frames down the page, to look at a phone's page at its own size.
        for (let frame = 0; frame < Number(process.env.FRAMES); frame += 1) {
          await page.evaluate((y) => window.scrollTo(0, y), frame * 800);
          await page.waitForTimeout(300);
          await page.screenshot({ path: `${out}/${name}-${width}-${theme}-${frame}.png` });
        }
      } else await page.screenshot({ path: `${out}/${name}-${width}-${theme}.png`, fullPage: true });
    }
  }
  await context.close();
}
await browser.close();
