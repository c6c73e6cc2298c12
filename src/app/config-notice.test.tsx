import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createLocalServer } from "@/test/local-server";
import type { ConfigRead } from "@/connection/runtime-config";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";
import { renderApp, urlsOf } from "./test-support";

const FAILED: ConfigRead = {
  status: "failed",
  config: { localServices: false },
  reason: "it did not answer within 3 s",
};
const READ: ConfigRead = { status: "read", config: { localServices: true } };

/** The app with /config.json failed, and a Retry that answers `next`. */
function setup(path: string, next: ConfigRead[]) {
  const server = createLocalServer();
  const reloads = [...next];
  const view = renderApp({
    path,
    defaults: urlsOf(server.settings),
    fetch: server.fetch,
    configRead: FAILED,
    reloadConfig: async () => reloads.shift() ?? FAILED,
  });
  return { server, ...view };
}

describe("the failed-config notice", () => {
  it("names /config.json and why, and Retry applies the config without a reload", async () => {
    const { user } = setup("/help/proxy", [FAILED, READ]);
    const notice = await screen.findByRole("alert", { name: "Configuration" });
    expect(notice).toHaveTextContent(
      "Could not read this dashboard's configuration (/config.json): it did not answer within 3 s.",
    );
    expect(notice).toHaveTextContent(
      "Until it is read, the dashboard's built-in default service addresses are in use.",
    );
    await user.click(within(notice).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(notice).toHaveTextContent("Tried again once."));
    await user.click(within(notice).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByRole("alert", { name: "Configuration" })).toBeNull());
  });

  it("says a key stored without addresses is not sent, and Retry sends it to the addresses the config names", async () => {
    localStorage.setItem(API_KEY_STORAGE_KEY, "local-demo-key");
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ annotationProject: "demo/support-bot", inferenceProject: "", keyStorage: "local" }),
    );
    const { user, server, settingsStore } = setup("/help/proxy", [READ]);
    const notice = await screen.findByRole("alert", { name: "Configuration" });
    expect(notice).toHaveTextContent("Your saved API key is not being sent");
    expect(within(notice).getByRole("link", { name: "Review in Settings" })).toHaveAttribute("href", "/settings");
    expect(await screen.findByText("API key not sent")).toBeInTheDocument();
    expect(server.requests.filter((request) => request.headers.has("authorization"))).toEqual([]);
    await user.click(within(notice).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.queryByRole("alert", { name: "Configuration" })).toBeNull());
    expect(settingsStore.getSnapshot().connection.apiKey).toBe("local-demo-key");
    expect(settingsStore.getSnapshot().keyBinding).toEqual({ state: "bound", addresses: urlsOf(server.settings) });
  });

  it("shows on Settings which addresses a saved key goes to", async () => {
    const server = createLocalServer();
    const { user } = renderApp({ path: "/settings", defaults: urlsOf(server.settings), fetch: server.fetch });
    await user.type(await screen.findByLabelText("API key", { exact: true }), "local-demo-key");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const note = await screen.findByRole("group", { name: "Where the key is sent" });
    expect(note).toHaveTextContent("Your key is sent only to these addresses, saved with it:");
    expect(note).toHaveTextContent(server.settings.traceBaseUrl);
    expect(note).toHaveTextContent(server.settings.wandbApiBaseUrl);
  });
});
