import { PageHeader } from "@/components/page-header";
import { useLocalServices } from "@/connection/use-local-services";
import { AreaCards } from "./area-cards";
import { ConnectionSummary } from "./connection-summary";
import { DemoCredentials } from "./demo-credentials";

/** /: where the dashboard is connected, and the way into each area. */
export function HomePage() {
  const localServices = useLocalServices();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Overview"
        description="Operate W&B annotation queues, serverless training jobs and inference models from one place."
      />
      <AreaCards />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <ConnectionSummary />
        {localServices ? <DemoCredentials /> : null}
      </div>
    </div>
  );
}
