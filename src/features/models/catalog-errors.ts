import { isApiError } from "@/api/errors";

export type CatalogFailure = {
  title: string;
  /** The fix is in Settings (key or address). */
  settingsLink: boolean;
  /** The service could not be reached: the same-origin proxy recipe may help. */
  proxyLink: boolean;
};

/** How the catalog explains a failed model listing; the error's own message and hint come with it. */
export function describeCatalogFailure(error: unknown): CatalogFailure {
  const kind = isApiError(error) ? error.kind : undefined;
  switch (kind) {
    case "unauthorized":
      return { title: "The API key was rejected", settingsLink: true, proxyLink: false };
    case "not_configured":
      return { title: "The inference service is not configured", settingsLink: true, proxyLink: false };
    case "forbidden":
      return { title: "Access to the inference service was denied", settingsLink: true, proxyLink: false };
    case "quota":
      return { title: "Inference quota or credit used up", settingsLink: false, proxyLink: false };
    case "rate_limited":
      return { title: "Too many requests to the inference service", settingsLink: false, proxyLink: false };
    case "network":
    case "timeout":
      return { title: "The inference service could not be reached", settingsLink: true, proxyLink: true };
    default:
      return { title: "Could not list the models", settingsLink: false, proxyLink: false };
  }
}
