import type { FormEvent } from "react";
import { URL_FIELDS } from "@/api/connection";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/button";
import { TEXT_SETTING_FIELDS } from "@/connection/settings-registry";
import { useLocalServices } from "@/connection/use-local-services";
import { ApiKeyField } from "./api-key-field";
import { ConnectionTestSection } from "./connection-test-section";
import { ForgetKeyButton } from "./forget-key-button";
import { FormSection } from "./form-section";
import { FormStatusMessage } from "./form-status";
import { KeyBindingNote } from "./key-binding-note";
import { KeyHelp } from "./key-help";
import { KeyStorageChoice } from "./key-storage-choice";
import { ServiceUrlFields } from "./service-url-fields";
import { TextSettingField } from "./text-setting-field";
import { DemoAccountButton } from "./demo-account-button";
import { isTestOutdated, useConnectionTest } from "./use-connection-test";
import { validateSettings } from "./settings-validation";
import { useProjectOptions } from "./use-project-options";
import { withPolicyWarnings } from "./policy-warnings";
import { useRuntimeConfig } from "@/connection/runtime-config-context";
import { useSettingsForm } from "./use-settings-form";

/** The connection settings form: key, where it is kept, service addresses, projects. */
export function SettingsForm({ returnTo }: { returnTo: string | null }) {
  const form = useSettingsForm();
  const test = useConnectionTest();
  const navigate = useNavigate();
  const localServices = useLocalServices();
  const projectOptions = useProjectOptions();
  const { cspConnectSrc } = useRuntimeConfig();
  const { values, errors, warnings, saved } = form;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = form.save();
    if (result.saved && result.values.apiKey && returnTo) navigate(returnTo, { replace: true });
  };

  const signInWithDemo = (account: Parameters<typeof form.signInWithDemo>[0]) => {
    const result = form.signInWithDemo(account);
    if (result.saved && returnTo) navigate(returnTo, { replace: true });
  };

  const onTest = () => {
    const clean = form.validateFor("test");
    if (!clean) return;
    form.setStatus(null);
    void test.run(clean);
  };

  const savedKeyText =
    saved.connection.apiKey || saved.keyBinding.state === "held"
      ? `A key is saved ${saved.keyStorage === "local" ? "on this device" : "for this tab only"}.`
      : "No key is saved.";

  return (
    <div className="space-y-6">
      <form noValidate aria-label="Connection settings" onSubmit={onSubmit} className="space-y-5">
        {localServices ? <DemoAccountButton savedKey={saved.connection.apiKey} onUse={signInWithDemo} /> : null}
        <FormSection title="Credentials" description={savedKeyText}>
          <ApiKeyField
            value={values.apiKey}
            onChange={(v) => form.setField("apiKey", v)}
            error={errors.apiKey}
            hint={<KeyHelp localServices={localServices} />}
          />
          <KeyStorageChoice value={form.keyStorage} onChange={form.setKeyStorage} />
          <div className="flex items-center justify-between gap-4 border-t border-line pt-3">
            <p className="text-xs text-fg-muted">Forgetting removes the key from this browser's storage and memory.</p>
            <ForgetKeyButton onForget={form.forgetKey} disabled={!saved.connection.apiKey && !values.apiKey} />
          </div>
        </FormSection>

        <FormSection
          title="Service addresses"
          description="An https:// address, or a path such as /api/trace on this dashboard's own origin (behind a same-origin proxy)."
        >
          <KeyBindingNote binding={saved.keyBinding} />
          <ServiceUrlFields
            values={values}
            defaults={saved.defaults}
            errors={errors}
            warnings={withPolicyWarnings(warnings, values, cspConnectSrc, window.location.origin)}
            onChange={form.setField}
            onUseDefaults={() => {
              for (const field of URL_FIELDS) form.setField(field, saved.defaults[field]);
            }}
          />
        </FormSection>

        <FormSection title="Projects">
          {TEXT_SETTING_FIELDS.map((field) => (
            <TextSettingField
              key={field}
              field={field}
              value={values[field]}
              onChange={(value) => form.setField(field, value)}
              error={errors[field]}
              suggestionsId={projectOptions.length > 0 ? "settings-project-options" : undefined}
            />
          ))}
          <datalist id="settings-project-options">
            {projectOptions.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </datalist>
        </FormSection>

        {/* Stays in view while scrolling the form, so Save is always one click away. */}
        <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-3 border-t border-line bg-canvas/95 px-1 py-3 backdrop-blur-sm">
          <Button type="submit" variant="primary">
            Save
          </Button>
          <Button variant="secondary" onClick={onTest} loading={test.state.phase === "running"}>
            Test connection
          </Button>
          {form.dirty ? <span className="text-xs text-fg-muted">Unsaved changes</span> : null}
          <FormStatusMessage status={form.status} />
        </div>
      </form>

      <ConnectionTestSection
        state={test.state}
        outdated={isTestOutdated(test.state, validateSettings(values, { requireKey: false }).values)}
      />
    </div>
  );
}
