import { Link } from "react-router-dom";
import { ArrowRightIcon } from "@/components/icons";
import { Section } from "@/components/section";
import { useAppAreas } from "@/components/app-areas";

/** One card per area the app shell names (each page with a summary in its route table), so new features appear here by themselves. */
export function AreaCards() {
  const areas = useAppAreas();
  return (
    <Section title="Areas">
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-3">
        {areas.map((area) => {
          const Icon = area.icon;
          return (
            <li key={area.path}>
              <Link
                to={area.path}
                className="group flex h-full flex-col gap-2 rounded-lg border border-line bg-surface p-4 transition-colors hover:border-line-strong hover:bg-subtle"
              >
                <span className="flex items-center gap-2 text-sm font-medium text-fg">
                  <Icon size={16} className="text-fg-muted" />
                  {area.label}
                  <ArrowRightIcon
                    size={14}
                    className="ml-auto text-fg-muted transition-transform group-hover:translate-x-0.5"
                  />
                </span>
                <span className="text-sm text-fg-muted">{area.summary}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
