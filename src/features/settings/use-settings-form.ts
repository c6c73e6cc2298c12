import { useState } from "react";
import type { ConnectionSettings } from "@/api/connection";
import { LOCAL_DEMO_ACCOUNTS, LOCAL_DEMO_KEY, LOCAL_DEMO_PROJECT } from "@/connection/local-services";
import { useSettings } from "@/connection/settings-context";
import type { KeyStorageMode } from "@/connection/settings-storage";
import { firstInvalidField, validateSettings, type SettingsCheck, type SettingsField } from "./settings-validation";

export type FormStatus = { tone: "success" | "error" | "info"; text: string } | null;

/**
 * The settings form's state. What was typed stays put whatever fails; errors are derived from
 * the values (live once the user has tried to save or test), never stored beside them.
 */
export function useSettingsForm() {
  const settings = useSettings();
  // A held key (settings-store.ts) is not in the connection, but it is the user's: the form shows
  // it, so saving the form binds it to the addresses on it.
  const [values, setValues] = useState<ConnectionSettings>(() =>
    settings.keyBinding.state === "held"
      ? { ...settings.connection, apiKey: settings.keyBinding.apiKey }
      : settings.connection,
  );
  const [keyStorage, setKeyStorage] = useState<KeyStorageMode>(settings.keyStorage);
  const [attempt, setAttempt] = useState<"save" | "test" | null>(null);
  const [status, setStatus] = useState<FormStatus>(null);

  const check = validateSettings(values, { requireKey: attempt === "test" });
  const errors = attempt ? check.errors : {};

  const setField = (field: SettingsField, value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  /** Validates for an action; returns the clean values, or null after pointing at the first error. */
  const validateFor = (action: "save" | "test"): SettingsCheck["values"] | null => {
    setAttempt(action);
    const result = validateSettings(values, { requireKey: action === "test" });
    const first = firstInvalidField(result.errors);
    if (!first) return result.values;
    const count = Object.keys(result.errors).length;
    setStatus({
      tone: "error",
      text: `${action === "save" ? "Not saved" : "Not tested"}: ${count === 1 ? "1 field needs" : `${count} fields need`} attention.`,
    });
    document.getElementById(`settings-${first}`)?.focus();
    return null;
  };

  const save = (): { saved: boolean; values: ConnectionSettings } => {
    const clean = validateFor("save");
    if (!clean) return { saved: false, values };
    const result = settings.save(clean, keyStorage);
    setValues(clean);
    setStatus(
      result.persisted
        ? { tone: "success", text: "Settings saved." }
        : { tone: "info", text: "Settings saved for this page only: the browser refused to store them." },
    );
    return { saved: true, values: clean };
  };

  /**
   * The local services' seeded demo account, saved at once (remembered on this device: its key is
   * public), so a newcomer reaches a working queue without typing. Offered on the local services only.
   */
  const signInWithDemo = (account: { name: string; key: string } = LOCAL_DEMO_ACCOUNTS[0]): { saved: boolean } => {
    const demo = { ...values, apiKey: account.key, annotationProject: LOCAL_DEMO_PROJECT };
    const result = settings.save({ ...validateSettings(demo).values }, "local");
    setValues(result.connection);
    setKeyStorage("local");
    setAttempt(null);
    const who = account.key === LOCAL_DEMO_KEY ? "the demo account" : `the demo account ${account.name}`;
    setStatus({ tone: "success", text: `Signed in with ${who}; project ${LOCAL_DEMO_PROJECT}.` });
    return { saved: true };
  };

  const forgetKey = () => {
    settings.forgetKey();
    setValues((previous) => ({ ...previous, apiKey: "" }));
    setStatus({ tone: "success", text: "Key forgotten: it was removed from this browser." });
  };

  const dirty =
    keyStorage !== settings.keyStorage ||
    (Object.keys(values) as SettingsField[]).some((field) => values[field].trim() !== settings.connection[field]);

  return {
    values,
    keyStorage,
    errors,
    warnings: check.warnings,
    status,
    dirty,
    saved: settings,
    setField,
    setKeyStorage,
    setStatus,
    validateFor,
    save,
    signInWithDemo,
    forgetKey,
  };
}
