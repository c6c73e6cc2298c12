import { LOCAL_DEMO_KEY, LOCAL_DEMO_PROJECT } from "@/connection/local-services";
import { Button } from "@/components/button";

/**
 * The local services' one-click sign-in: their demo key and project (never offered elsewhere).
 * `savedKey` is the key in use: with the demo key already saved there is nothing to click, and
 * with another one the button says it switches.
 */
export function DemoAccountButton({ savedKey, onUse }: { savedKey: string; onUse: () => void }) {
  const account = (
    <>
      key <code className="font-mono text-xs">{LOCAL_DEMO_KEY}</code>, project{" "}
      <code className="font-mono text-xs">{LOCAL_DEMO_PROJECT}</code>
    </>
  );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 dark:border-sky-500/30 dark:bg-sky-500/10">
      {savedKey === LOCAL_DEMO_KEY ? (
        <p className="text-sm text-fg">
          These are the local reference services, and you are using their seeded demo account: {account}.
        </p>
      ) : (
        <>
          <p className="text-sm text-fg">
            These are the local reference services.{" "}
            {savedKey ? "Their seeded demo account" : "Try them with the seeded demo account"}: {account}.
          </p>
          <Button variant="primary" size="sm" onClick={onUse}>
            {savedKey ? "Switch to the demo account" : "Use the demo account"}
          </Button>
        </>
      )}
    </div>
  );
}
