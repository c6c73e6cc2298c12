import type { ServerDbManifest } from "../fixtures/server-db";
import { SEEDED_JOB } from "../fixtures/server-db";

/**
 * A page opened cold, and what counts as its first meaningful content: the first thing on it a
 * user came for, found in the page by `selector` (an element whose text matches `text`, when given).
 */
export type ColdLoadPage = {
  name: string;
  path: string;
  /** In words, for the report. */
  content: string;
  selector: string;
  /** A regular expression's source the element's text must match. */
  text?: string;
};

/** The pages of the cold-load budget, each with its first meaningful content. */
export function coldLoadPages(manifest: ServerDbManifest, reviewItemId: string): ColdLoadPage[] {
  const queue = manifest.demoQueueId;
  const items = manifest.demoQueueItems.toLocaleString("en-US");
  return [
    {
      name: "Queue list",
      path: "/queues",
      content: "the first queue row",
      selector: 'table[aria-label="Annotation queues"] tbody tr',
    },
    {
      name: `Items table (${items} items)`,
      path: `/queues/${queue}`,
      content: "the first item row",
      selector: "table tbody tr[data-item-row]",
    },
    {
      name: "Review of an item",
      path: `/queues/${queue}/items/${reviewItemId}`,
      content: "the call's output text (its first output display field, filled)",
      selector: 'section[aria-label^="output"]',
      text: "\\S",
    },
    { name: "Calls", path: "/calls", content: "the first call row", selector: "table tbody tr[data-call-id]" },
    {
      name: `Insights (${items} items)`,
      path: `/queues/${queue}/insights`,
      // As the insights-page part's first figure (bench/insights-page/insights-probe.ts).
      content: "the first figure (the queue's counts line)",
      selector: "main p",
      text: "\\d[\\d,]* items · [\\d,]+ completed",
    },
    {
      name: "Job page (seeded finished RL job)",
      path: `/training/jobs/${SEEDED_JOB.id}`,
      content: "the first chart drawn (its canvas)",
      selector: "figure[data-metric] canvas",
    },
    {
      name: "Settings",
      path: "/settings",
      content: "the Settings form",
      selector: 'form[aria-label="Connection settings"]',
    },
  ];
}
