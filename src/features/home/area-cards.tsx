import { Link } from "react-router-dom";
import { ArrowRightIcon } from "../../components/icons";
import { APP_ROUTES } from "../../app/routes";

/** One card per page that has a summary in routes.tsx, so new features appear here by themselves. */
export function AreaCards() {
  const areas = APP_ROUTES.filter((route) => route.summary && route.nav);
  return (
    <section aria-labelledby="areas-heading" className="space-y-3">
      <h2 id="areas-heading" className="text-sm font-semibold text-fg">
        Areas
      </h2>
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-3">
        {areas.map((route) => {
          const Icon = route.nav!.icon;
          return (
            <li key={route.path}>
              <Link
                to={route.path}
                className="group flex h-full flex-col gap-2 rounded-lg border border-line bg-surface p-4 transition-colors hover:border-line-strong hover:bg-subtle"
              >
                <span className="flex items-center gap-2 text-sm font-medium text-fg">
                  <Icon size={16} className="text-fg-muted" />
                  {route.nav!.label}
                  <ArrowRightIcon size={14} className="ml-auto text-fg-muted transition-transform group-hover:translate-x-0.5" />
                </span>
                <span className="text-sm text-fg-muted">{route.summary}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
