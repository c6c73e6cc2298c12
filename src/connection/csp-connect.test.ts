import { describe, expect, it } from "vitest";
import { cspBlockedOrigin } from "./csp-connect";

const PAGE = "http://127.0.0.1:4280";
const SOURCES = ["https://api.wandb.ai", "https://*.wandb.ai", "http://localhost:8000"];

describe("the dashboard's connect-src", () => {
  it("always allows the page's own origin and relative addresses", () => {
    expect(cspBlockedOrigin("/api/trace", PAGE, [])).toBeNull();
    expect(cspBlockedOrigin("http://127.0.0.1:4280/api/training/v1", PAGE, [])).toBeNull();
  });

  it("allows listed origins, subdomain wildcards and default ports, and names the origin it blocks", () => {
    expect(cspBlockedOrigin("https://api.wandb.ai/v1", PAGE, SOURCES)).toBeNull();
    expect(cspBlockedOrigin("https://api.wandb.ai:443/v1", PAGE, SOURCES)).toBeNull();
    expect(cspBlockedOrigin("https://trace.wandb.ai", PAGE, SOURCES)).toBeNull();
    expect(cspBlockedOrigin("http://localhost:8000/v1", PAGE, SOURCES)).toBeNull();
    expect(cspBlockedOrigin("http://localhost:9000/v1", PAGE, SOURCES)).toBe("http://localhost:9000");
    expect(cspBlockedOrigin("http://api.wandb.ai/v1", PAGE, SOURCES)).toBe("http://api.wandb.ai");
    expect(cspBlockedOrigin("https://wandb.ai.evil.example/v1", PAGE, SOURCES)).toBe("https://wandb.ai.evil.example");
  });

  it("takes scheme sources and *, and blocks nothing when the policy is not known", () => {
    expect(cspBlockedOrigin("https://anywhere.example", PAGE, ["https:"])).toBeNull();
    expect(cspBlockedOrigin("http://anywhere.example", PAGE, ["https:"])).toBe("http://anywhere.example");
    expect(cspBlockedOrigin("http://anywhere.example", PAGE, ["*"])).toBeNull();
    expect(cspBlockedOrigin("http://anywhere.example", PAGE, undefined)).toBeNull();
  });
});
