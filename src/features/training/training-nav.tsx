import { NavLink } from "react-router-dom";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";

const TABS = [
  { to: paths.trainingJobs, label: "Jobs", end: true },
  { to: paths.trainingModels, label: "Models", end: false },
  { to: paths.newTrainingJob(), label: "New job", end: true },
];

/** The training area's own tabs (jobs, models, new job); the side navigation has one entry for all. */
export function TrainingNav() {
  return (
    <nav aria-label="Training">
      <ul className="flex gap-1 border-b border-line">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  "-mb-px inline-flex h-9 items-center border-b-2 px-3 text-sm font-medium transition-colors",
                  isActive ? "border-accent text-fg" : "border-transparent text-fg-muted hover:text-fg",
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
