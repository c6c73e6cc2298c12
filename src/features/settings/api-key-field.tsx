import { useState, type ReactNode } from "react";
import { Button } from "@/components/button";
import { EyeIcon, EyeOffIcon } from "@/components/icons";
import { TextField } from "@/components/text-field";
import { SETTINGS } from "@/connection/settings-registry";

/**
 * The key input: masked by default with a Show/Hide toggle, and no autocomplete or spellcheck,
 * so the key is not offered to other sites' forms or sent to a spelling service.
 */
export function ApiKeyField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      id="settings-apiKey"
      label={SETTINGS.apiKey.label}
      name="apiKey"
      type={visible ? "text" : "password"}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      inputClassName="font-mono"
      hint={hint}
      error={error}
      trailing={
        <Button
          variant="secondary"
          aria-label={visible ? "Hide key" : "Show key"}
          title={visible ? "Hide key" : "Show key"}
          onClick={() => setVisible((v) => !v)}
          icon={visible ? <EyeOffIcon size={15} /> : <EyeIcon size={15} />}
        />
      }
    />
  );
}
