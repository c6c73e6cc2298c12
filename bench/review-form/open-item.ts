import type { Page } from "playwright-core";
import type { AnsweredItem } from "./answers";
import type { FeedbackGate } from "./feedback-gate";
import { armFormProbe, feedbackResponsesSince, formProbeResult, formReady } from "./form-probe";

export type FormSample = {
  itemId: string;
  /** The end of the answers' response (Resource Timing responseEnd) to the frame after the one that shows them: the budget's figure. */
  responseToPaintMs: number;
  /** The same response to the frame that first shows them (that frame's paint is still to come). */
  responseToFoundMs: number;
  /** Letting the held request go to its response's end (loopback, the server's query). */
  releaseToResponseMs: number;
  longestFrameMs: number;
  responseBytes: number;
};

/**
 * One fresh load of an item's review page with its answers held back: waits until the page shows
 * the call and the four empty questions and no other request is in flight, arms the in-page probe,
 * lets the answers through, and reads the probe and the response's Resource Timing entry.
 */
export async function openItem(
  page: Page,
  gate: FeedbackGate,
  quiet: () => Promise<void>,
  queueId: string,
  item: AnsweredItem,
): Promise<FormSample> {
  gate.arm(item.callRef);
  await page.goto(`/queues/${queueId}/items/${item.itemId}`);
  await page.waitForFunction(
    formReady,
    item.expected.map((e) => e.label),
    { timeout: 30_000, polling: 50 },
  );
  await quiet();
  const already = await page.evaluate(armFormProbe, { expected: item.expected, timeoutMs: 10_000 });
  if (already)
    throw new Error(`item ${item.itemId}: the answers were on screen before the held response was let through`);
  await gate.release();
  const paint = await page.evaluate(formProbeResult);
  if (!paint) throw new Error(`item ${item.itemId}: the form did not show the answers within 10 s of their response`);
  const responses = await page.evaluate(feedbackResponsesSince, paint.armedAt);
  const response = responses[0];
  // Anything else ending now would make the entry ambiguous (the quiet wait should rule it out).
  if (!response || responses.length !== 1)
    throw new Error(`item ${item.itemId}: ${responses.length} answer responses ended after the release, expected 1`);
  return {
    itemId: item.itemId,
    responseToPaintMs: paint.paintedAt - response.responseEnd,
    responseToFoundMs: paint.foundAt - response.responseEnd,
    releaseToResponseMs: response.responseEnd - paint.armedAt,
    longestFrameMs: paint.longestFrameMs,
    responseBytes: response.bytes,
  };
}
