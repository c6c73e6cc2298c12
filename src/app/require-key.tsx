import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { useSettings } from "@/connection/settings-context";
import { settingsPathFor } from "@/lib/return-to";

/**
 * Renders its page only when an API key is set; otherwise goes to Settings with `returnTo`, so
 * saving a key brings the user straight back here.
 */
export function RequireKey({ children }: { children: ReactNode }) {
  const { connection } = useSettings();
  const location = useLocation();
  if (!connection.apiKey) {
    return <Navigate to={settingsPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children;
}

/** RequireKey around the child routes: the layout route of every page with `requiresKey`. */
export function KeyRequiredOutlet() {
  return (
    <RequireKey>
      <Outlet />
    </RequireKey>
  );
}
