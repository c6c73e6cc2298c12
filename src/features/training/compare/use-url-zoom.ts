import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { sameRange, ZoomSync, type StepRange } from "../charts/zoom-sync";
import { zoomAsWritten } from "./compare-url-state";

/**
 * The comparison's shared zoom, kept in the URL: it starts at the address's range, a zoom or a
 * reset on the charts is written there, and an address that changes (Back) zooms the charts.
 */
export function useUrlZoom(zoom: StepRange | null, write: (zoom: StepRange | null) => void): ZoomSync {
  const [sync] = useState(() => {
    const created = new ZoomSync();
    created.set(zoom);
    return created;
  });
  const written = useRef(zoom);
  useLayoutEffect(() => {
    written.current = zoom;
  }, [zoom]);
  useEffect(
    () =>
      sync.subscribe((range) => {
        if (!sameRange(zoomAsWritten(range), written.current)) write(range);
      }),
    [sync, write],
  );
  useEffect(() => {
    if (!sameRange(zoomAsWritten(sync.range), zoom)) sync.set(zoom);
  }, [sync, zoom]);
  return sync;
}
