/**
 * Rules for a service base URL typed into settings: an absolute http(s) URL, or a path on the
 * dashboard's own origin (how the local services are addressed). Trailing slashes are dropped so
 * joining `${base}/models` never yields `//models`.
 */
export type UrlCheck = { ok: true; value: string; warning?: string } | { ok: false; error: string };

export function checkServiceUrl(raw: string, options: { expectV1?: boolean } = {}): UrlCheck {
  const value = raw.trim().replace(/\/+$/, "");
  if (!value) return { ok: false, error: "Enter the service address." };
  if (value.startsWith("/")) {
    if (value.startsWith("//")) return { ok: false, error: "Start with http://, https:// or a single /." };
  } else {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return { ok: false, error: "Enter an http(s) URL such as https://api.example.com/v1 or a path such as /api/v1." };
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return { ok: false, error: "Only http:// and https:// addresses are supported." };
    }
    if (url.username || url.password) {
      return { ok: false, error: "Leave credentials out of the address: the API key field is for the key." };
    }
    if (url.search || url.hash) return { ok: false, error: "Leave out the query string and fragment." };
  }
  if (options.expectV1 && !value.endsWith("/v1")) {
    return { ok: true, value, warning: "This service's address usually ends in /v1." };
  }
  return { ok: true, value };
}

/** A path such as /api/trace becomes an absolute URL on `origin`; absolute URLs are kept. */
export function resolveServiceUrl(value: string, origin: string): string {
  return value.startsWith("/") ? new URL(value, origin).toString().replace(/\/+$/, "") : value;
}
