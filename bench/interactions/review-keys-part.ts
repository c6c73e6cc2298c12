import type { ServerDbManifest } from "../fixtures/server-db";
import type { Profile } from "../lib/profile";
import type { PartOutput } from "../lib/report";
import { openSession } from "./browser-session";
import { orError } from "./interactions-part";
import { measureReviewKeys, reviewKeysSection } from "./review-keys";

/** The interactions part's review key presses alone (`--only review-keys`): a quick loop while working on them. */
export async function reviewKeysPart(
  origin: string,
  manifest: ServerDbManifest,
  profile: Profile,
): Promise<PartOutput> {
  const session = await openSession(origin, manifest);
  try {
    const measured = await measureReviewKeys(
      session.page,
      manifest.demoQueueId,
      { presses: profile.interactions.advances, thinkMs: profile.interactions.thinkMs },
      orError,
    );
    const { markdown, summary } = reviewKeysSection(measured, manifest, profile);
    return { summary, markdown, data: { reviewKeys: measured } };
  } finally {
    await session.close();
  }
}
