import { screen, waitFor, within } from "@testing-library/react";
import { PROXY_RECIPE_URL } from "@/lib/docs-links";
import { describe, expect, it } from "vitest";
import { ACME_KEY } from "@server/testing/test-app";
import { renderApp, urlsOf } from "@/app/test-support";
import { createLocalServer } from "@/test/local-server";
import { createQueue } from "@server/trace/queues";
import { API_KEY_STORAGE_KEY } from "@/connection/settings-storage";
import { SETTINGS, SETTINGS_FIELDS } from "@/connection/settings-registry";

function setup(path = "/settings") {
  const server = createLocalServer();
  const app = renderApp({ path, defaults: urlsOf(server.settings), fetch: server.fetch });
  return { server, ...app };
}

const results = async () =>
  within(await screen.findByRole("list", { name: "Connection test results" }, { timeout: 5000 }));

describe("settings page", () => {
  it("saves a remembered key and says so in the live region", async () => {
    const { user, settingsStore } = setup();
    await user.type(await screen.findByLabelText("API key"), "local-demo-key");
    await user.click(screen.getByRole("radio", { name: "Remember on this device" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Settings saved.")).toBeInTheDocument();
    expect(localStorage.getItem(API_KEY_STORAGE_KEY)).toBe("local-demo-key");
    expect(sessionStorage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(settingsStore.getSnapshot().connection.apiKey).toBe("local-demo-key");
  });

  it("masks the key until asked, with a Show/Hide toggle", async () => {
    const { user } = setup();
    const input = await screen.findByLabelText("API key");
    expect(input).toHaveAttribute("type", "password");
    expect(input).toHaveAttribute("autocomplete", "off");
    await user.click(screen.getByRole("button", { name: "Show key" }));
    expect(input).toHaveAttribute("type", "text");
    await user.click(screen.getByRole("button", { name: "Hide key" }));
    expect(input).toHaveAttribute("type", "password");
  });

  it("keeps what was typed when validation fails and shows each error at its field", async () => {
    const { user, settingsStore } = setup();
    const project = await screen.findByLabelText("Annotation project");
    await user.type(project, "support-bot");
    const trace = screen.getByLabelText("Annotation queue service URL");
    await user.clear(trace);
    await user.type(trace, "trace.example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Not saved: 2 fields need attention.")).toBeInTheDocument();
    expect(project).toHaveValue("support-bot");
    expect(trace).toHaveValue("trace.example.com");
    expect(trace).toHaveAttribute("aria-invalid", "true");
    expect(trace).toHaveAccessibleDescription(expect.stringContaining("http(s) URL"));
    expect(project).toHaveAccessibleDescription(expect.stringContaining("entity/project"));
    expect(trace).toHaveFocus();
    expect(settingsStore.getSnapshot().connection.annotationProject).toBe("");

    // Fixing the field clears its error as the user types.
    await user.clear(project);
    await user.type(project, "demo/support-bot");
    expect(project).not.toHaveAttribute("aria-invalid");
  });

  it("warns, but saves, when the training address does not end in /v1", async () => {
    const { user, server, settingsStore } = setup();
    const training = await screen.findByLabelText("Training service URL");
    await user.clear(training);
    await user.type(training, `${server.settings.trainingBaseUrl.replace(/\/v1$/, "")}`);
    expect(training).toHaveAccessibleDescription(expect.stringContaining("usually ends in /v1"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Settings saved.")).toBeInTheDocument();
    expect(settingsStore.getSnapshot().connection.trainingBaseUrl).toBe(
      server.settings.trainingBaseUrl.replace(/\/v1$/, ""),
    );
  });

  it("tests the connection with the form's values: all four services OK with the demo key", async () => {
    const { user, settingsStore } = setup();
    await user.type(await screen.findByLabelText("API key"), "local-demo-key");
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    const list = await results();
    for (const row of list.getAllByRole("listitem")) expect(row).toHaveTextContent("OK");
    expect(list.getAllByRole("listitem")).toHaveLength(4);
    expect(screen.getByText("Connection test finished: 4 of 4 services OK.")).toBeInTheDocument();
    // Testing does not save.
    expect(settingsStore.getSnapshot().connection.apiKey).toBe("");
  });

  it("says the results are of the old settings once an address changes after the test", async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText("API key"), "local-demo-key");
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    await results();
    expect(screen.queryByText(/The form has changed since this test/)).not.toBeInTheDocument();
    const inference = screen.getByLabelText("Inference service URL");
    await user.type(inference, "x");
    expect(
      screen.getByText(
        /The form has changed since this test \(.+\): these results are for the addresses and key as they were then/,
      ),
    ).toBeInTheDocument();
    // Back to what was tested: the results describe the form again.
    await user.type(inference, "{Backspace}");
    expect(screen.queryByText(/The form has changed since this test/)).not.toBeInTheDocument();
  });

  it("reports a rejected key per service", async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText("API key"), "not-a-real-key");
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    const list = await results();
    const rows = list.getAllByRole("listitem");
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toHaveTextContent("Key rejected");
  });

  it("reports forbidden when the key's account may not read the annotation project", async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText("API key"), ACME_KEY);
    await user.type(screen.getByLabelText("Annotation project"), "demo/support-bot");
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    const list = await results();
    expect(list.getByText("Annotation queues").closest("li")).toHaveTextContent("Forbidden");
  });

  it("reports an unreachable address with the CORS hint and the README link", async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText("API key"), "local-demo-key");
    const inference = screen.getByLabelText("Inference service URL");
    await user.clear(inference);
    await user.type(inference, "http://127.0.0.1:9/v1");
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    const list = await results();
    const row = list.getByText("Inference").closest("li")!;
    expect(row).toHaveTextContent("Unreachable");
    expect(row).toHaveTextContent(/CORS/);
    expect(within(row).getByRole("link", { name: /Same-origin proxy/ })).toHaveAttribute("href", PROXY_RECIPE_URL);
    expect(list.getByText("Training").closest("li")).toHaveTextContent("OK");
  });

  it("blames the page's own Content-Security-Policy, not CORS, for an address outside CSP_CONNECT_SRC", async () => {
    const server = createLocalServer();
    const { user } = renderApp({
      path: "/settings",
      defaults: urlsOf(server.settings),
      fetch: server.fetch,
      runtimeConfig: { localServices: true, cspConnectSrc: ["https://api.wandb.ai"] },
    });
    await user.type(await screen.findByLabelText("API key"), "local-demo-key");
    const inference = screen.getByLabelText("Inference service URL");
    await user.clear(inference);
    await user.type(inference, "http://127.0.0.1:9/v1");
    // Said while typing, before any test.
    expect(inference).toHaveAccessibleDescription(
      /Content-Security-Policy does not allow calls to http:\/\/127\.0\.0\.1:9.+CSP_CONNECT_SRC/,
    );
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    const row = (await results()).getByText("Inference").closest("li")!;
    expect(row).toHaveTextContent("Blocked by this page's policy");
    expect(row).toHaveTextContent(/Add http:\/\/127\.0\.0\.1:9 to CSP_CONNECT_SRC/);
    expect(row).not.toHaveTextContent(/CORS\)/);
    expect(within(row).queryByRole("link", { name: /Same-origin proxy/ })).not.toBeInTheDocument();
  });

  it("asks for a key before testing, keeping the other fields", async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText("Annotation project"), "demo/support-bot");
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    expect(await screen.findByText("Not tested: 1 field needs attention.")).toBeInTheDocument();
    expect(screen.getByLabelText("API key")).toHaveAccessibleDescription(expect.stringContaining("Enter an API key"));
    expect(screen.getByLabelText("Annotation project")).toHaveValue("demo/support-bot");
  });

  it("forgets the key after confirmation, from both storages and the form", async () => {
    localStorage.setItem(API_KEY_STORAGE_KEY, "local-demo-key");
    sessionStorage.setItem(API_KEY_STORAGE_KEY, "local-demo-key");
    const { user, settingsStore } = setup();
    expect(await screen.findByLabelText("API key")).toHaveValue("local-demo-key");

    await user.click(screen.getByRole("button", { name: "Forget key" }));
    const dialog = await screen.findByRole("dialog", { name: "Forget the API key?" });
    // Cancel first: nothing is removed.
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(localStorage.getItem(API_KEY_STORAGE_KEY)).toBe("local-demo-key");

    await user.click(screen.getByRole("button", { name: "Forget key" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Forget key" }));
    expect(await screen.findByText("Key forgotten: it was removed from this browser.")).toBeInTheDocument();
    expect(localStorage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(settingsStore.getSnapshot().connection.apiKey).toBe("");
    expect(screen.getByLabelText("API key")).toHaveValue("");
  });
});

describe("key-required redirect", () => {
  it("sends a page that needs a key to Settings, then back after saving one", async () => {
    const { user, router } = setup("/status?from=test");
    await waitFor(() => expect(router.location.pathname).toBe("/settings"));
    expect(new URLSearchParams(router.location.search).get("returnTo")).toBe("/status?from=test");
    expect(await screen.findByText(/An API key is needed to open/)).toHaveTextContent("/status?from=test");

    await user.type(screen.getByLabelText("API key"), "local-demo-key");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.location.pathname).toBe("/status"));
    expect(router.location.search).toBe("?from=test");
    expect(await screen.findByRole("heading", { name: "Service status", level: 1 })).toBeInTheDocument();
  });

  it("ignores a returnTo that leaves the origin", async () => {
    const { user, router } = setup("/settings?returnTo=https%3A%2F%2Fevil.example%2F");
    await user.type(await screen.findByLabelText("API key"), "local-demo-key");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Settings saved.")).toBeInTheDocument();
    expect(router.location.pathname).toBe("/settings");
    expect(screen.queryByText(/An API key is needed/)).not.toBeInTheDocument();
  });
});

describe("settings page: the W&B account", () => {
  it("signs in with the demo account in one click on the local services, then goes where the user was going", async () => {
    const { user, router, settingsStore } = setup("/settings?returnTo=%2Fqueues");
    await user.click(await screen.findByRole("button", { name: "Use the demo account" }));
    expect(settingsStore.getSnapshot().connection).toMatchObject({
      apiKey: "local-demo-key",
      annotationProject: "demo/support-bot",
    });
    expect(localStorage.getItem(API_KEY_STORAGE_KEY)).toBe("local-demo-key");
    await waitFor(() => expect(router.location.pathname).toBe("/queues"));
  });

  it("offers no demo sign-in to the demo account itself, and says a switch is a switch to anyone else", async () => {
    localStorage.setItem(API_KEY_STORAGE_KEY, "local-demo-key");
    setup();
    expect(await screen.findByText(/you are using their seeded demo account/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /demo account/ })).not.toBeInTheDocument();
  });

  it("switches another saved key to the demo account", async () => {
    localStorage.setItem(API_KEY_STORAGE_KEY, ACME_KEY);
    const { user, settingsStore } = setup();
    await user.click(await screen.findByRole("button", { name: "Switch to the demo account" }));
    expect(settingsStore.getSnapshot().connection).toMatchObject({ apiKey: "local-demo-key" });
    expect(await screen.findByText(/you are using their seeded demo account/)).toBeInTheDocument();
  });

  it("signs in as one of the demo's annotators to try a team, and back as the lead", async () => {
    localStorage.setItem(API_KEY_STORAGE_KEY, "local-demo-key");
    const { user, settingsStore } = setup();
    await user.click(await screen.findByRole("button", { name: "Use maria" }));
    expect(settingsStore.getSnapshot().connection).toMatchObject({
      apiKey: "local-maria-key",
      annotationProject: "demo/support-bot",
    });
    expect(await screen.findByText(/seeded demo account maria \(an annotator\)/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Use maria" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Use demo (the lead)" }));
    expect(settingsStore.getSnapshot().connection).toMatchObject({ apiKey: "local-demo-key" });
  });

  it("never offers the demo account on other services", async () => {
    const server = createLocalServer();
    renderApp({
      path: "/settings",
      defaults: urlsOf(server.settings),
      fetch: server.fetch,
      runtimeConfig: { localServices: false },
    });
    await screen.findByLabelText("API key");
    expect(screen.queryByRole("button", { name: "Use the demo account" })).not.toBeInTheDocument();
  });

  it("offers the signed-in account's projects for the annotation project, and still takes typed text", async () => {
    const server = createLocalServer();
    createQueue(server.db, {
      projectId: "demo/support-bot",
      name: "q",
      description: "",
      scorerRefs: [],
      createdBy: "user-demo",
    });
    createQueue(server.db, {
      projectId: "demo/alpha",
      name: "q",
      description: "",
      scorerRefs: [],
      createdBy: "user-demo",
    });
    localStorage.setItem(API_KEY_STORAGE_KEY, "local-demo-key");
    const { user } = renderApp({ path: "/settings", defaults: urlsOf(server.settings), fetch: server.fetch });
    const field = await screen.findByLabelText("Annotation project");
    await waitFor(() => expect(field).toHaveAttribute("list", "settings-project-options"));
    const options = [...document.querySelectorAll("#settings-project-options option")].map((o) =>
      o.getAttribute("value"),
    );
    expect(options).toEqual(["demo/alpha", "demo/support-bot"]);
    await user.type(field, "demo/elsewhere");
    expect(field).toHaveValue("demo/elsewhere");
    expect(screen.getByRole("link", { name: /Signed in as demo/ })).toBeInTheDocument();
  });
});

describe("settings page fields", () => {
  it("has an input for every setting in the registry, under its label", async () => {
    setup();
    for (const field of SETTINGS_FIELDS) {
      expect(await screen.findByLabelText(SETTINGS[field].label)).toHaveAttribute("name", field);
    }
  });
});
