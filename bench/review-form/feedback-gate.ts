import type { Page, Request, Route } from "playwright-core";

/** The call refs of a /feedback/query the review sends (`$in` over `weave_ref`), else null. */
function askedRefs(request: Request): string[] | null {
  if (!request.url().endsWith("/feedback/query") || request.method() !== "POST") return null;
  try {
    const body = request.postDataJSON() as { query?: { $expr?: { $in?: [unknown, { $literal?: unknown }[]] } } } | null;
    const literals = body?.query?.$expr?.$in?.[1];
    return Array.isArray(literals) ? literals.map((l) => String(l.$literal)) : null;
  } catch {
    return null;
  }
}

/**
 * Holds back the review's read of one call's answers (the /feedback/query that asks for that
 * call alone) until `release()`, and lets every other request through, the neighbours' answers
 * the review reads ahead among them. So the form's answers are the last of its data to arrive,
 * at a moment the benchmark picks: when the rest of the page has been drawn and the network is quiet.
 */
export class FeedbackGate {
  private ref: string | null = null;
  private held: Route | null = null;

  async install(page: Page): Promise<void> {
    await page.route("**/api/trace/feedback/query", async (route) => {
      if (this.ref !== null && this.held === null && this.isHeldKind(route.request())) {
        this.held = route;
        return;
      }
      await route.continue();
    });
  }

  /** Hold the next read of `callRef`'s answers alone. */
  arm(callRef: string): void {
    this.ref = callRef;
    this.held = null;
  }

  /** Whether `request` is the read this gate holds (what the network-quiet wait must not wait for). */
  readonly isHeldKind = (request: Request): boolean => {
    const refs = askedRefs(request);
    return this.ref !== null && refs?.length === 1 && refs[0] === this.ref;
  };

  /** Lets the held read go on to the server; its response then reaches the page as usual. */
  async release(): Promise<void> {
    const route = this.held;
    this.ref = null;
    this.held = null;
    if (!route) throw new Error("the page never asked for the item's answers");
    await route.continue();
  }
}
