import { SearchIcon } from "@/components/icons";
import { Select } from "@/components/select-field";
import { inputClasses } from "@/components/text-field";
import { cn } from "@/lib/cn";
import { providerLabel, type ProviderCount } from "./model-providers";
import { useUrlBackedText } from "@/lib/use-url-backed-text";

// The URL leaves out a blank search (CATALOG_URL_CODEC), so a blank box is "" there.
const searchUrlForm = (value: string) => (value.trim() === "" ? "" : value);

/** Search as you type, the provider filter with counts, and the live count of what is shown. */
export function CatalogToolbar({
  q,
  provider,
  providers,
  matchingCount,
  countText,
  countId,
  onSearch,
  onProvider,
}: {
  q: string;
  provider: string | null;
  providers: readonly ProviderCount[];
  /** Models that match the search, whatever the provider: the "All providers" count. */
  matchingCount: number;
  countText: string;
  countId: string;
  onSearch: (q: string) => void;
  onProvider: (provider: string | null) => void;
}) {
  const selectedUnknown = provider !== null && !providers.some((p) => p.provider === provider);
  const [text, setText] = useUrlBackedText(q, onSearch, searchUrlForm);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-64 flex-1 flex-col gap-1">
        <label htmlFor="model-search" className="text-xs font-medium text-fg-muted">
          Search model IDs
        </label>
        <div className="relative">
          <SearchIcon
            size={14}
            className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-fg-muted"
          />
          <input
            id="model-search"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="e.g. llama 70b"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="model-search-hint"
            className={cn(inputClasses, "border-line-strong pl-8")}
          />
        </div>
        <p id="model-search-hint" className="sr-only">
          Every word must appear in the ID, in any order; case and punctuation do not matter.
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="model-provider" className="text-xs font-medium text-fg-muted">
          Provider
        </label>
        <Select
          id="model-provider"
          value={provider ?? ""}
          onChange={(event) => onProvider(event.target.value || null)}
          className="w-56 pr-8"
        >
          <option value="">All providers ({matchingCount})</option>
          {providers.map((p) => (
            <option key={p.provider} value={p.provider}>
              {providerLabel(p.provider)} ({p.count})
            </option>
          ))}
          {selectedUnknown ? <option value={provider}>{provider} (0)</option> : null}
        </Select>
      </div>
      <output id={countId} aria-live="polite" className="ml-auto pb-1.5 text-sm text-fg-muted tabular-nums">
        {countText}
      </output>
    </div>
  );
}
