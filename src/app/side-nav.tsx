import { NavLink } from "react-router-dom";
import { cn } from "@/lib/cn";
import { preloadPage } from "./lazy-page";
import { APP_ROUTES, type AppRoute } from "./routes";

function NavItem({ route, onNavigate }: { route: AppRoute; onNavigate?: () => void }) {
  if (!route.nav) return null;
  const { icon: Icon, label } = route.nav;
  return (
    <li>
      <NavLink
        to={route.path}
        end={route.path === "/"}
        onPointerEnter={() => void preloadPage(route)}
        onFocus={() => void preloadPage(route)}
        onClick={onNavigate}
        className={({ isActive }) =>
          cn(
            "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium transition-colors",
            isActive ? "bg-subtle text-fg" : "text-fg-muted hover:bg-subtle hover:text-fg",
          )
        }
      >
        <Icon size={16} className="shrink-0" />
        {label}
      </NavLink>
    </li>
  );
}

/**
 * The page list from routes.tsx; NavLink marks the current page with aria-current="page".
 * `onNavigate` runs when a link is followed (the phone menu closes then).
 */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const main = APP_ROUTES.filter((r) => r.nav && r.nav.placement !== "bottom");
  const bottom = APP_ROUTES.filter((r) => r.nav?.placement === "bottom");
  return (
    <nav aria-label="Main" className="flex flex-1 flex-col justify-between gap-4">
      <ul className="space-y-0.5">
        {main.map((route) => (
          <NavItem key={route.path} route={route} onNavigate={onNavigate} />
        ))}
      </ul>
      <ul className="space-y-0.5">
        {bottom.map((route) => (
          <NavItem key={route.path} route={route} onNavigate={onNavigate} />
        ))}
      </ul>
    </nav>
  );
}
