import { CopyButton } from "@/components/copy-button";
import { InfoIcon } from "@/components/icons";
import { LOCAL_DEMO_KEY, LOCAL_DEMO_PROJECT } from "@/connection/local-services";

/** The seeded demo account of the local services, so a first visit can sign in at once. */
export function DemoCredentials() {
  return (
    <section aria-labelledby="demo-heading" className="rounded-lg border border-line bg-surface px-5 py-4">
      <h2 id="demo-heading" className="flex items-center gap-2 text-sm font-semibold text-fg">
        <InfoIcon size={15} className="text-fg-muted" />
        Demo credentials (local services)
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        These services come seeded with a demo account. Enter its key in Settings.
      </p>
      <dl className="mt-3 grid grid-cols-[11rem_1fr] items-center gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-fg-muted">API key</dt>
        <dd className="flex items-center gap-1">
          <code className="rounded bg-subtle px-1.5 py-0.5 font-mono text-xs text-fg">{LOCAL_DEMO_KEY}</code>
          <CopyButton text={LOCAL_DEMO_KEY} label="Copy demo key" />
        </dd>
        <dt className="text-fg-muted">Annotation project</dt>
        <dd>
          <code className="rounded bg-subtle px-1.5 py-0.5 font-mono text-xs text-fg">{LOCAL_DEMO_PROJECT}</code>
        </dd>
      </dl>
    </section>
  );
}
