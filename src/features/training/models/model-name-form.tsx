import { useState, type FormEvent } from "react";
import { Button } from "@/components/button";
import { TextField } from "@/components/text-field";
import { useRegistryStore } from "../registry/registry-context";
import { parseModelPath } from "./model-path";

/** For a model added by id: its entity/project/name, which checkpoint addresses are made of. */
export function ModelNameForm({ modelId }: { modelId: string }) {
  const store = useRegistryStore();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseModelPath(text);
    if (!parsed.ok || !parsed.value) {
      setError(parsed.ok ? "Enter entity/project/name." : parsed.error);
      return;
    }
    store.upsertModel({ id: modelId, ...parsed.value });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-start gap-2 rounded-lg border border-amber-300/60 bg-amber-50 px-4 py-3 dark:border-amber-400/20 dark:bg-amber-400/10"
    >
      <TextField
        label="This model's full name"
        hint="The service does not say it; checkpoint addresses (wandb-artifact:///entity/project/name:stepN) need it."
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error}
        placeholder="entity/project/name"
        className="min-w-72 flex-1"
        verbatim
      />
      <Button type="submit" className="mt-11">
        Save name
      </Button>
    </form>
  );
}
