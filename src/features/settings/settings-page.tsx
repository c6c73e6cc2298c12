import { useSearchParams } from "react-router-dom";
import { PageHeader } from "@/components/page-header";
import { sanitizeReturnTo } from "@/lib/return-to";
import { KeyRequiredNotice } from "./key-required-notice";
import { SettingsForm } from "./settings-form";
import { useSettings } from "@/connection/settings-context";

/** /settings: where the dashboard's connection is set up and tested. */
export function SettingsPage() {
  const [params] = useSearchParams();
  const { connection } = useSettings();
  const returnTo = sanitizeReturnTo(params.get("returnTo"), window.location.origin);
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        title="Settings"
        description="Connect the dashboard to the annotation queue, training and inference services. Settings stay in this browser; the key is sent only to these three services."
      />
      {returnTo ? <KeyRequiredNotice returnTo={returnTo} hasKey={connection.apiKey !== ""} /> : null}
      <SettingsForm returnTo={returnTo} />
    </div>
  );
}
