import { memo, useCallback, type MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { cn } from "@/lib/cn";
import { useLatest } from "@/lib/use-latest";
import { preloadPage } from "./lazy-page";
import { APP_ROUTES, type AppRoute } from "./routes";

/** NavLink's rule: the page's own address or one below it ("/" only itself), ignoring case. */
function isCurrent(routePath: string, pathname: string): boolean {
  const to = routePath.toLowerCase();
  const at = pathname.toLowerCase();
  return to === "/" ? at === "/" : at === to || at.startsWith(`${to}/`);
}

/** A plain left click, no modifier: Ctrl/Cmd/Shift-clicks keep the browser's meaning (a new tab or window). */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

type Follow = (event: MouseEvent<HTMLAnchorElement>, path: string) => void;

/**
 * A plain link, not the router's NavLink: a NavLink renders again at every change of the address
 * (each item of the review changes it), this only when whether it is the current page changes.
 */
const NavItem = memo(function NavItem({
  route,
  current,
  follow,
}: {
  route: AppRoute;
  current: boolean;
  follow: Follow;
}) {
  if (!route.nav) return null;
  const { icon: Icon, label } = route.nav;
  return (
    <li>
      <a
        href={route.path}
        aria-current={current ? "page" : undefined}
        onPointerEnter={() => void preloadPage(route)}
        onFocus={() => void preloadPage(route)}
        onClick={(event) => follow(event, route.path)}
        className={cn(
          "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium transition-colors",
          current ? "bg-subtle text-fg" : "text-fg-muted hover:bg-subtle hover:text-fg",
        )}
      >
        <Icon size={16} className="shrink-0" />
        {label}
      </a>
    </li>
  );
});

const MAIN_ROUTES = APP_ROUTES.filter((r) => r.nav && r.nav.placement !== "bottom");
const BOTTOM_ROUTES = APP_ROUTES.filter((r) => r.nav?.placement === "bottom");

/**
 * The page list from routes.tsx; the current page is marked with aria-current="page".
 * `onNavigate` runs when a link is followed (the phone menu closes then).
 */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const latest = useLatest({ navigate, pathname, onNavigate });
  // One function for every link and every address, so the links skip the renders of a new address.
  const follow = useCallback<Follow>(
    (event, path) => {
      const { navigate: go, pathname: at, onNavigate: followed } = latest.current;
      if (!event.defaultPrevented && isPlainClick(event)) {
        event.preventDefault();
        // As the router's links do: the page already shown is replaced in the history, not added again.
        void go(path, { replace: at === path });
      }
      followed?.();
    },
    [latest],
  );
  const item = (route: AppRoute) => (
    <NavItem key={route.path} route={route} current={isCurrent(route.path, pathname)} follow={follow} />
  );
  return (
    <nav aria-label="Main" className="flex flex-1 flex-col justify-between gap-4">
      <ul className="space-y-0.5">{MAIN_ROUTES.map(item)}</ul>
      <ul className="space-y-0.5">{BOTTOM_ROUTES.map(item)}</ul>
    </nav>
  );
}
