import { useEffect } from "react";
import { useMatches } from "react-router-dom";
import { APP_NAME, type RouteHandle } from "./routes";

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as RouteHandle).title === "string";
}

/** Sets the tab title from the deepest matched route's handle ("Settings · W&B Ops Dashboard"). */
export function useDocumentTitle(): string | undefined {
  const matches = useMatches();
  const title = matches.map((m) => m.handle).filter(isRouteHandle).at(-1)?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
  return title;
}
