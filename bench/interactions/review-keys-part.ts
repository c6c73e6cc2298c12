import type { ServerDbManifest } from "../fixtures/server-db";
import { baselineDistDir, startBaselineServer } from "../lib/baseline-build";
import type { Profile } from "../lib/profile";
import type { PartOutput } from "../lib/report";
import { openSession } from "./browser-session";
import { orError } from "./interactions-part";
import { measureReviewKeys, reviewKeysSection, type ReviewKeysOutcome } from "./review-keys";
import {
  keysSideBySideTable,
  measureReviewKeysSideBySide,
  REVIEW_KEYS_BASELINE_VARIABLE,
} from "./review-keys-side-by-side";

/**
 * The interactions part's review key presses alone (`--only review-keys`): a quick loop while working on them. With
 * REVIEW_KEYS_BASELINE_DIST, the presses alternate with the same presses on that build (review-keys-side-by-side.ts),
 * served by a second server over a copy of `databaseFile`.
 */
export async function reviewKeysPart(
  origin: string,
  manifest: ServerDbManifest,
  profile: Profile,
  databaseFile: string,
): Promise<PartOutput> {
  // REVIEW_KEYS_PRESSES: more presses than the profile's, for a side by side whose share of presses over one frame
  // must stand out from the machine's noise (over 50 presses, one build's count moved by several between runs here).
  const presses = Number(process.env.REVIEW_KEYS_PRESSES) || profile.interactions.advances;
  const options = { presses, thinkMs: profile.interactions.thinkMs };
  const baselineDir = baselineDistDir(REVIEW_KEYS_BASELINE_VARIABLE);
  if (baselineDir) {
    const baseline = await startBaselineServer(databaseFile, baselineDir);
    try {
      const compared = await measureReviewKeysSideBySide(
        { baseline: baseline.url, current: origin },
        manifest,
        options,
        orError,
      );
      const measured: ReviewKeysOutcome = compared.map(({ name, current }) => ({ name, outcome: current }));
      const { markdown, summary } = reviewKeysSection(measured, manifest, profile);
      return {
        summary,
        markdown: [markdown, "", keysSideBySideTable(compared, baselineDir)].join("\n"),
        data: { reviewKeys: measured, reviewKeysSideBySide: compared },
      };
    } finally {
      await baseline.stop();
    }
  }
  const session = await openSession(origin, manifest);
  try {
    const measured = await measureReviewKeys(session.page, manifest.demoQueueId, options, orError);
    const { markdown, summary } = reviewKeysSection(measured, manifest, profile);
    return { summary, markdown, data: { reviewKeys: measured } };
  } finally {
    await session.close();
  }
}
