import type { ServerDbManifest } from "../fixtures/server-db";
import { SEEDED_JOB } from "../fixtures/server-db";

export type AuditedPage = { name: string; path: string; readySelector: string };

/** The pages audited: the queue table, the catalog and a job page. */
export function auditedPages(manifest: ServerDbManifest): AuditedPage[] {
  return [
    {
      name: `Queue items table (${manifest.demoQueueItems.toLocaleString("en-US")} items)`,
      path: `/queues/${manifest.demoQueueId}`,
      readySelector: "table tbody tr[data-item-row]",
    },
    { name: "Model catalog", path: "/models", readySelector: "table tbody tr" },
    {
      name: "Training job page (seeded finished RL job)",
      path: `/training/jobs/${SEEDED_JOB.id}`,
      readySelector: "canvas",
    },
  ];
}
