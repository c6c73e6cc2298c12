import { InfoIcon } from "@/components/icons";
import { useLocalServices } from "@/connection/use-local-services";

/** Says plainly that these are the local reference services, whose GPU training is simulated. */
export function LocalServicesBanner() {
  if (!useLocalServices()) return null;
  return (
    <section
      aria-label="Environment"
      className="flex items-center gap-2 border-b border-amber-300/60 bg-amber-50 px-6 py-1.5 text-xs text-amber-950 dark:border-amber-400/20 dark:bg-amber-400/10 dark:text-amber-100"
    >
      <InfoIcon size={14} className="shrink-0" />
      <p>
        <strong className="font-semibold">Local services — training is simulated.</strong>{" "}
        <span>Every job, event and checkpoint is real bookkeeping; the GPU work and its loss curve are synthetic.</span>
      </p>
    </section>
  );
}
