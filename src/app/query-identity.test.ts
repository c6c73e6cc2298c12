import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/api/query-client";
import { createSettingsStore } from "@/connection/settings-store";
import { WANDB_SERVICE_URLS } from "@/connection/settings-defaults";
import { clearCacheOnConnectionChange } from "./query-identity";

describe("clearCacheOnConnectionChange", () => {
  it("drops cached data when the key or an address changes, not when only a project does", () => {
    const store = createSettingsStore({ defaults: WANDB_SERVICE_URLS });
    const queryClient = createQueryClient();
    const stop = clearCacheOnConnectionChange(store, queryClient);
    const base = { ...store.getSnapshot().connection, apiKey: "key-a" };
    store.save(base, "session");

    queryClient.setQueryData(["some", "data"], 1);
    store.save({ ...base, annotationProject: "demo/other" }, "session");
    expect(queryClient.getQueryData(["some", "data"])).toBe(1);

    store.save({ ...base, apiKey: "key-b" }, "session");
    expect(queryClient.getQueryData(["some", "data"])).toBeUndefined();

    queryClient.setQueryData(["some", "data"], 2);
    store.save({ ...base, apiKey: "key-b", traceBaseUrl: "https://proxy.example.com/trace" }, "session");
    expect(queryClient.getQueryData(["some", "data"])).toBeUndefined();

    queryClient.setQueryData(["some", "data"], 3);
    store.forgetKey();
    expect(queryClient.getQueryData(["some", "data"])).toBeUndefined();
    stop();
  });
});
