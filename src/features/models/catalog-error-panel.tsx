import { Link } from "react-router-dom";
import { ErrorPanel } from "@/components/error-panel";
import { ExternalLinkIcon } from "@/components/icons";
import { PROXY_RECIPE_URL } from "@/lib/docs-links";
import { settingsPathFor } from "@/lib/return-to";
import { describeCatalogFailure } from "./catalog-errors";
import { paths } from "@/lib/paths";

/** A failed model listing: why, what to do (Settings, the proxy recipe), and Retry. */
export function CatalogError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const failure = describeCatalogFailure(error);
  return (
    <div className="space-y-2">
      <ErrorPanel error={error} title={failure.title} onRetry={onRetry} />
      {failure.settingsLink || failure.proxyLink ? (
        <p className="flex flex-wrap gap-4 text-sm">
          {failure.settingsLink ? (
            <Link to={settingsPathFor(paths.models)} className="text-link underline-offset-2 hover:underline">
              Check the key and address in Settings
            </Link>
          ) : null}
          {failure.proxyLink ? (
            <a
              href={PROXY_RECIPE_URL}
              className="inline-flex items-center gap-1 text-link underline-offset-2 hover:underline"
            >
              Same-origin proxy recipe (README)
              <ExternalLinkIcon size={12} />
            </a>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
