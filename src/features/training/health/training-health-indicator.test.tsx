import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, urlsOf } from "@/app/test-support";
import { createLocalServer } from "@/test/local-server";
import { API_KEY_STORAGE_KEY } from "@/connection/settings-storage";

const FIRST = { timeout: 8000 };

describe("training service indicator in the sidebar", { timeout: 20_000 }, () => {
  it("says OK when every check passes", async () => {
    const server = createLocalServer();
    localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
    renderApp({ path: "/", defaults: urlsOf(server.settings), fetch: server.fetch });
    expect(await screen.findByRole("button", { name: "Training service OK" }, FIRST)).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  it("names the failing check and opens the detail, linking to the status page", async () => {
    const server = createLocalServer();
    await server.runner.stop();
    localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
    const { user, router } = renderApp({ path: "/", defaults: urlsOf(server.settings), fetch: server.fetch });
    const button = await screen.findByRole("button", { name: "Training degraded: gpu_queue" }, FIRST);
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(panel).toHaveTextContent(/gpu_queue: /);
    await user.click(within(panel).getByRole("link", { name: "All service checks" }));
    await waitFor(() => expect(router.location.pathname).toBe("/status"));
  });

  it("is down when the service does not answer, and works without a key", async () => {
    const server = createLocalServer({ trainingBaseUrl: "http://unreachable.test/v1" });
    renderApp({ path: "/", defaults: urlsOf(server.settings), fetch: server.fetch });
    expect(await screen.findByRole("button", { name: "Training service down" }, FIRST)).toBeInTheDocument();
  });
});
