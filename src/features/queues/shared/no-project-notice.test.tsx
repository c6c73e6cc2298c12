import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, urlsOf } from "@/app/test-support";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";
import { createLocalServer } from "@/test/local-server";

/** Generous: these render the whole app in jsdom. */
const SLOW = { timeout: 10_000 };

// Found driving the dashboard as a user with a key but no annotation project: these pages had no h1.
describe("a page of the annotation project while none is chosen", () => {
  it.each([
    ["/calls", "Calls"],
    ["/queues/q1", "Annotation queue"],
    ["/queues/q1/items/i1", "Review"],
    ["/queues/q1/insights", "Queue insights"],
    ["/queues/q1/train", "Train from a queue"],
  ])(
    "%s keeps its heading and points to Settings",
    async (path, heading) => {
      const server = createLocalServer();
      localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
      localStorage.setItem(
        PREFERENCES_STORAGE_KEY,
        JSON.stringify({ annotationProject: "", inferenceProject: "", keyStorage: "local" }),
      );
      renderApp({ path, defaults: urlsOf(server.settings), fetch: server.fetch });
      expect(await screen.findByRole("heading", { level: 1, name: heading }, SLOW)).toBeInTheDocument();
      expect(screen.getByText("No annotation project chosen")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Choose a project in Settings" })).toBeInTheDocument();
    },
    30_000,
  );
});
