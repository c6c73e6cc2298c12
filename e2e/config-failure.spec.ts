import type { Page, Request, Route } from "@playwright/test";
import {
  DEMO_KEY,
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  followSystemScheme,
  setKeyThroughUi,
  test,
} from "./fixtures";

// With /config.json failing, the dashboard's service addresses fall back to the build's defaults
// (W&B's real services). The saved key must not follow them there: it goes only to the addresses
// saved with it, or nowhere while those are unknown. And the page says what failed, with a Retry.
// The e2e server's CSP allows the W&B origins (playwright.config.ts), so it is the page, not the
// policy, that keeps the key home; the route below aborts every request to a host that is not
// loopback, so no test ever reaches one.

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
const KEY_FORMS = [DEMO_KEY, Buffer.from(`api:${DEMO_KEY}`).toString("base64")];

type Seen = { url: string; carriesKey: boolean };

/** Every request the page makes, whether it carries the key (in a header, the address or the body); other hosts' are aborted. */
async function watchRequests(page: Page) {
  const seen: Seen[] = [];
  const pending: Promise<void>[] = [];
  const record = async (request: Request) => {
    const headers = await request.allHeaders().catch(() => request.headers());
    const texts = [request.url(), request.postData() ?? "", ...Object.values(headers)];
    seen.push({ url: request.url(), carriesKey: texts.some((text) => KEY_FORMS.some((form) => text.includes(form))) });
  };
  page.on("request", (request) => void pending.push(record(request)));
  await page.route("**/*", (route: Route) => {
    if (!LOOPBACK_HOSTS.has(new URL(route.request().url()).hostname)) return route.abort("blockedbyclient");
    return route.fallback();
  });
  return {
    /** Requests that carried the key to any origin but `origin`, and requests that left for other hosts at all. */
    async leaks(origin: string) {
      await Promise.all(pending);
      return {
        keyElsewhere: seen.filter((r) => r.carriesKey && new URL(r.url).origin !== origin).map((r) => r.url),
        external: seen.filter((r) => !LOOPBACK_HOSTS.has(new URL(r.url).hostname)).map((r) => new URL(r.url).origin),
      };
    },
    keyRequests: () => seen.filter((r) => r.carriesKey).map((r) => r.url),
  };
}

type Failure = { name: string; reason: RegExp; handle: (route: Route) => Promise<void> };

const FAILURES: Failure[] = [
  {
    name: "refused (network)",
    reason: /the request failed \(network error\)/,
    handle: (route) => route.abort("connectionrefused"),
  },
  {
    name: "HTTP 500",
    reason: /the server answered HTTP 500/,
    handle: (route) => route.fulfill({ status: 500, body: "Internal Server Error" }),
  },
  {
    name: "not JSON",
    reason: /the answer is not JSON \(text\/plain\)/,
    handle: (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "trace=/api/trace" }),
  },
  {
    name: "slow (over 3 s)",
    reason: /it did not answer within 3 s/,
    // Answered after the page has given up; the page's abort makes the late answer fail, which is ignored.
    handle: async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.fulfill({ status: 200, contentType: "application/json", body: "{}" }).catch(() => undefined);
    },
  },
];

/** /config.json fails as `failure` says until the returned function is called. */
async function failConfig(page: Page, failure: Failure): Promise<() => Promise<void>> {
  const handler = (route: Route) => failure.handle(route);
  await page.route("**/config.json", handler);
  return () => page.unroute("**/config.json", handler);
}

/** Lets the page's idle-time requests (the sidebar's account, the health check) go out. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
}

test.describe("when /config.json cannot be read", () => {
  for (const failure of FAILURES) {
    test(`${failure.name}: a remembered key goes only to the addresses saved with it, and the notice's Retry recovers`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(60_000);
      await setKeyThroughUi(page);
      const requests = await watchRequests(page);
      const restore = await failConfig(page, failure);
      await page.goto("/queues");
      const notice = page.getByRole("alert", { name: "Configuration" });
      await expect(notice).toContainText("Could not read this dashboard's configuration (/config.json)", {
        timeout: 10_000,
      });
      await expect(notice).toContainText(failure.reason);
      await expect(notice).toContainText("Your API key is still sent only to the service addresses saved with it.");
      // The page works on the saved addresses meanwhile.
      await expect(page.getByRole("link", { name: /Signed in as demo/ })).toBeVisible({ timeout: 10_000 });
      await settle(page);
      const origin = new URL(baseURL!).origin;
      expect(await requests.leaks(origin)).toMatchObject({ keyElsewhere: [] });
      expect(requests.keyRequests().length).toBeGreaterThan(0);

      await restore();
      await notice.getByRole("button", { name: "Retry" }).click();
      await expect(notice).toHaveCount(0);
      await expect(page.getByRole("main").getByRole("heading", { name: "Annotation queues", level: 1 })).toBeVisible();
      expect(await requests.leaks(origin)).toMatchObject({ keyElsewhere: [] });
    });
  }

  test("a key stored without its addresses (an older version's) is sent nowhere, Settings says why, and Retry sends it home", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    // An older version stored the key alone, its addresses being the config's defaults.
    await page.addInitScript((key) => window.localStorage.setItem("wbops.apiKey", key), DEMO_KEY);
    const requests = await watchRequests(page);
    const restore = await failConfig(page, FAILURES[1]!);
    await page.goto("/queues");
    const notice = page.getByRole("alert", { name: "Configuration" });
    await expect(notice).toContainText("Your saved API key is not being sent");
    // The key is not used, so the page asks for it, with the key shown and why it is held.
    await expect(page).toHaveURL(/\/settings\?returnTo=%2Fqueues/);
    await expect(page.getByRole("alert", { name: "Where the key is sent" })).toContainText(
      "Your saved key is not being sent.",
    );
    await expect(page.getByLabel("API key", { exact: true })).toHaveValue(DEMO_KEY);
    await expect(page.getByRole("link", { name: /API key not sent/ })).toBeVisible();
    await settle(page);
    const origin = new URL(baseURL!).origin;
    expect(requests.keyRequests()).toEqual([]);
    // Keyless requests to the fallback addresses (the sidebar's health check) were aborted by the route.
    expect((await requests.leaks(origin)).keyElsewhere).toEqual([]);
    await expectNoAxeViolations(page);

    await restore();
    await notice.getByRole("button", { name: "Retry" }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Where the key is sent" })).toContainText(`${origin}/api/trace`);
    await page.goto("/queues");
    await expect(page.getByRole("main").getByRole("heading", { name: "Annotation queues", level: 1 })).toBeVisible();
    await settle(page);
    expect(requests.keyRequests().length).toBeGreaterThan(0);
    expect(await requests.leaks(origin)).toMatchObject({ keyElsewhere: [] });
  });

  test("a host without a config (its index.html instead) is no failure: no notice, and a saved key still goes only to its addresses", async ({
    page,
    baseURL,
  }) => {
    await setKeyThroughUi(page);
    const requests = await watchRequests(page);
    await page.route("**/config.json", (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><html><body><div id=root></div></body></html>",
      }),
    );
    await page.goto("/queues");
    await expect(page.getByRole("link", { name: /Signed in as demo/ })).toBeVisible({ timeout: 10_000 });
    await settle(page);
    await expect(page.getByRole("alert", { name: "Configuration" })).toHaveCount(0);
    expect(await requests.leaks(new URL(baseURL!).origin)).toMatchObject({ keyElsewhere: [] });
  });

  // Both themes in place on each load (the theme follows the system scheme); screenshots in light.
  test("the notice at 390 and 1366 px passes axe in the light and dark themes", async ({ page }) => {
    await followSystemScheme(page);
    await page.addInitScript((key) => window.localStorage.setItem("wbops.apiKey", key), DEMO_KEY);
    await watchRequests(page);
    await failConfig(page, FAILURES[1]!);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/help/proxy");
      await expect(page.getByRole("alert", { name: "Configuration" })).toBeVisible();
      await expectNoAxeViolationsInBothThemes(page);
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({ path: test.info().outputPath(`config-failure-${width}.png`) });
      await page.goto("/settings");
      await expect(page.getByRole("alert", { name: "Where the key is sent" })).toBeVisible();
      await expectNoAxeViolationsInBothThemes(page);
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({ path: test.info().outputPath(`config-failure-settings-${width}.png`), fullPage: true });
    }
  });
});
