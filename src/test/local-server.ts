import type { ConnectionSettings } from "@/api/connection";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";
import { DEMO_KEY, createTestApp } from "@server/testing/test-app";

/** Origin the in-process services pretend to live at. */
export const LOCAL_ORIGIN = "http://local.test";

/**
 * The real local services, in-process over an in-memory database, for client tests: pass
 * `fetch` to the API clients and requests go to the service handlers instead of a network.
 * No hand-written response mocks anywhere.
 */
export function createLocalServer(overrides: Partial<ConnectionSettings> = {}) {
  const testApp = createTestApp();
  const requests: Request[] = [];
  const fetchLocal: typeof fetch = async (input, init) => {
    // `keepalive` asks a browser to finish the request after the page is gone; a service never sees it. Node's
    // Request refuses it on a body read as a stream (a Request made again from another), so it is not carried in.
    const request = new Request(input, { ...init, keepalive: false });
    requests.push(request.clone());
    if (new URL(request.url).origin !== LOCAL_ORIGIN) throw new TypeError("Failed to fetch");
    return testApp.app.fetch(request);
  };
  const settings: ConnectionSettings = {
    apiKey: DEMO_KEY,
    traceBaseUrl: `${LOCAL_ORIGIN}/api/trace`,
    trainingBaseUrl: `${LOCAL_ORIGIN}/api/training/v1`,
    inferenceBaseUrl: `${LOCAL_ORIGIN}/api/inference/v1`,
    wandbApiBaseUrl: `${LOCAL_ORIGIN}/api/wandb`,
    annotationProject: "demo/support-bot",
    inferenceProject: "",
    ...overrides,
  };
  return { ...testApp, fetch: fetchLocal, settings, requests };
}

/** The browser's settings as the settings page leaves them: the server's key, `project` to annotate. */
export function storeSettings(server: ReturnType<typeof createLocalServer>, project: string) {
  localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
  localStorage.setItem(
    PREFERENCES_STORAGE_KEY,
    JSON.stringify({ annotationProject: project, inferenceProject: "", keyStorage: "local" }),
  );
}
