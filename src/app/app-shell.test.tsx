import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createLocalServer } from "@/test/local-server";
import { API_KEY_STORAGE_KEY } from "@/connection/settings-storage";
import { APP_ROUTES } from "./routes";
import { renderApp, urlsOf } from "./test-support";

function setup(path: string, options: { localServices?: boolean } = {}) {
  const server = createLocalServer();
  return {
    server,
    ...renderApp({
      path,
      defaults: urlsOf(server.settings),
      fetch: server.fetch,
      runtimeConfig: { localServices: options.localServices ?? true },
    }),
  };
}

describe("app shell", () => {
  it("lists the existing pages in the main navigation and marks the current one", async () => {
    setup("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Settings" })).not.toHaveAttribute("aria-current");
    expect(within(nav).getByRole("link", { name: "Service status" })).toBeInTheDocument();
  });

  it("shows a card on the overview for each area of the route table that has a summary", async () => {
    setup("/");
    const areas = await screen.findByRole("region", { name: "Areas" }, { timeout: 10_000 });
    const cards = within(areas).getAllByRole("link");
    const expected = APP_ROUTES.filter((route) => route.summary && route.nav);
    expect(cards.map((card) => card.getAttribute("href"))).toEqual(expected.map((route) => route.path));
    expect(cards[0]).toHaveTextContent(expected[0]!.summary!);
  });

  it("offers a skip link to the main content", async () => {
    setup("/");
    const skip = await screen.findByRole("link", { name: "Skip to main content" });
    expect(skip).toHaveAttribute("href", "#main");
    expect(document.getElementById("main")?.tagName).toBe("MAIN");
  });

  it("shows a not-found page inside the layout for unknown addresses", async () => {
    setup("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("/no/such/page")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Page not found · W&B Ops Dashboard"));
  });

  it("sends a shortened address to the page that lists what it names, keeping its query", async () => {
    localStorage.setItem(API_KEY_STORAGE_KEY, "local-demo-key");
    const { router } = setup("/training/jobs?state=running");
    await waitFor(() => expect(router.location.pathname).toBe("/training"));
    expect(router.location.search).toBe("?state=running");
    expect(
      await screen.findByRole("heading", { name: "Training jobs", level: 1 }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    router.navigate("/queues/q-1/items/");
    await waitFor(() => expect(router.location.pathname).toBe("/queues/q-1"));
  });

  it("says when it talks to the local services, and not otherwise", async () => {
    setup("/");
    expect(await screen.findByText("Local services — training is simulated.")).toBeInTheDocument();
  });

  it("has no local-services banner for other deployments", async () => {
    setup("/", { localServices: false });
    await screen.findByRole("heading", { name: "Overview" });
    expect(screen.queryByText(/Local services — training is simulated/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Demo credentials/)).not.toBeInTheDocument();
  });

  it("switches the theme on <html> from the sidebar", async () => {
    const { user, themeStore } = setup("/");
    await user.click(await screen.findByRole("radio", { name: "Dark" }));
    expect(document.documentElement).toHaveClass("dark");
    expect(themeStore.getSnapshot().preference).toBe("dark");
    await user.click(screen.getByRole("radio", { name: "Light" }));
    expect(document.documentElement).not.toHaveClass("dark");
  });
});

describe("overview page", () => {
  it("shows that no key is set, the service addresses and the demo credentials", async () => {
    const { server } = setup("/");
    const connection = await screen.findByRole("region", { name: "Connection" });
    expect(within(connection).getByText("Not set")).toBeInTheDocument();
    expect(within(connection).getByText(server.settings.trainingBaseUrl)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Demo credentials (local services)" })).toHaveTextContent(
      "local-demo-key",
    );
    expect(screen.getByRole("link", { name: /Settings.*API key, where it is kept/ })).toHaveAttribute(
      "href",
      "/settings",
    );
  });

  it("shows where a saved key is kept", async () => {
    localStorage.setItem(API_KEY_STORAGE_KEY, "local-demo-key");
    setup("/");
    const connection = await screen.findByRole("region", { name: "Connection" });
    expect(within(connection).getByText(/Set · kept on this device/)).toBeInTheDocument();
  });
});

/** `apiKey` saved on this device, and the demo project to annotate. */
function saveSettings(apiKey: string) {
  localStorage.setItem(API_KEY_STORAGE_KEY, apiKey);
  localStorage.setItem(
    "wbops.settings",
    JSON.stringify({ annotationProject: "demo/support-bot", inferenceProject: "", keyStorage: "local" }),
  );
}

describe("service status page", () => {
  it("shows each service's live answer with the saved key", async () => {
    saveSettings("local-demo-key");
    setup("/status");
    const training = await screen.findByRole("region", { name: "Training" });
    const checks = await within(training).findByRole("list", { name: "System checks" });
    const rows = within(checks).getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector(".font-mono")?.textContent)).toEqual([
      "api",
      "database",
      "cpu_queue",
      "gpu_queue",
    ]);
    expect(within(checks).getByText("database").closest("li")).toHaveTextContent("OK");
    // The summary agrees with the rows, whatever state the in-process job runner is in.
    const failing = rows.filter((row) => row.textContent?.includes("Failing")).length;
    expect(training).toHaveTextContent(failing === 0 ? "All checks pass" : `${failing} of 4 checks failing`);
    const inference = screen.getByRole("region", { name: "Inference" });
    expect(await within(inference).findByText(/\d+ models available/)).toBeInTheDocument();
    const queues = screen.getByRole("region", { name: "Annotation queues" });
    expect(await within(queues).findByText(/in demo\/support-bot/)).toBeInTheDocument();
  });

  it("shows a service's error in its own panel with a Retry, leaving the others", async () => {
    saveSettings("local-acme-key");
    setup("/status");
    const queues = await screen.findByRole("region", { name: "Annotation queues" });
    const alert = await within(queues).findByRole("alert");
    expect(alert).toHaveTextContent(/denied access/);
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
    const inference = screen.getByRole("region", { name: "Inference" });
    expect(await within(inference).findByText(/\d+ models available/)).toBeInTheDocument();
  });
});
