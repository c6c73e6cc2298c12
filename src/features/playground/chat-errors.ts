import { isApiError } from "@/api/errors";

/** The title of a failed reply: what went wrong in the user's terms; the ErrorPanel adds the details. */
export function chatFailureTitle(error: unknown): string {
  if (!isApiError(error)) return "The reply failed";
  switch (error.kind) {
    case "unauthorized":
      return "The API key was rejected";
    case "quota":
      return "Quota or credit used up";
    case "rate_limited":
      return "Too many requests at once";
    case "server":
      return "The service failed to answer";
    case "network":
    case "timeout":
      return "The service could not be reached";
    case "not_found":
      return "Model or checkpoint not found";
    case "validation":
    case "bad_request":
      return "The service refused the request";
    default:
      return "The reply failed";
  }
}
