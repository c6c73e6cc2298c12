import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDatabase } from "../db/database";
import { DATABASE_FILE } from "../runtime";
import { needsSeed, seedAll } from "./seed";
import { seedLargeQueue } from "./trace-seed";

// `npm run seed -- [--reset] [--items N [--project entity/project] [--name "queue name"]]`
const { values } = parseArgs({
  options: {
    reset: { type: "boolean", default: false },
    items: { type: "string" },
    project: { type: "string", default: "demo/support-bot" },
    name: { type: "string" },
  },
});

const config = loadConfig();
const file = join(config.DATA_DIR, DATABASE_FILE);
const db = openDatabase(file);
const started = performance.now();

if (values.items !== undefined) {
  const items = Number(values.items);
  if (!Number.isInteger(items) || items < 1 || items > 10_000_000) {
    console.error(`--items must be a whole number from 1 to 10,000,000 (got "${values.items}")`);
    process.exit(2);
  }
  if (values.reset || needsSeed(db)) seedAll(db, { reset: values.reset });
  const queueId = seedLargeQueue(db, { projectId: values.project, items, name: values.name });
  console.info(
    `Built queue ${queueId} with ${items.toLocaleString("en-US")} items in ${values.project} (${Math.round(performance.now() - started)} ms).`,
  );
} else if (!values.reset && !needsSeed(db)) {
  console.info(`${file} already holds the demo data; run with --reset to start over.`);
} else {
  seedAll(db, { reset: values.reset });
  console.info(`Seeded the demo data into ${file} (${Math.round(performance.now() - started)} ms).`);
}
db.close();
