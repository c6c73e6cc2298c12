import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { parseCatalogParams, withCatalogParams, type CatalogUrlState } from "./catalog-url-state";

/**
 * The catalog's search, filter, sort and open model, read from and written to the URL. Changes
 * replace the history entry, so typing in the search box does not fill the back button.
 */
export function useCatalogUrlState(): [CatalogUrlState, (patch: Partial<CatalogUrlState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseCatalogParams(params), [params]);
  const update = useCallback(
    (patch: Partial<CatalogUrlState>) => setParams((current) => withCatalogParams(current, patch), { replace: true }),
    [setParams],
  );
  return [state, update];
}
