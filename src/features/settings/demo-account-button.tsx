import { LOCAL_DEMO_KEY, LOCAL_DEMO_PROJECT } from "@/settings/local-services";
import { Button } from "@/components/button";

/** The local services' one-click sign-in: their demo key and project (never offered elsewhere). */
export function DemoAccountButton({ onUse }: { onUse: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 dark:border-sky-500/30 dark:bg-sky-500/10">
      <p className="text-sm text-fg">
        These are the local reference services. Try them with the seeded demo account: key <code className="font-mono text-xs">{LOCAL_DEMO_KEY}</code>, project{" "}
        <code className="font-mono text-xs">{LOCAL_DEMO_PROJECT}</code>.
      </p>
      <Button variant="primary" size="sm" onClick={onUse}>
        Use the demo account
      </Button>
    </div>
  );
}
