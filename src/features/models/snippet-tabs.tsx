import { useId, useRef, useState, type KeyboardEvent } from "react";
import { CopyButton } from "@/components/copy-button";
import { cn } from "@/lib/cn";
import { buildSnippet, SNIPPET_LANGUAGES, type SnippetInput, type SnippetLanguage } from "./snippets";

/**
 * The snippets as ARIA tabs (arrow keys move between tabs, only the selected one is in the tab
 * order), each with its code and a copy button. The code is text in a <pre>, never markup.
 */
export function SnippetTabs({ input }: { input: SnippetInput }) {
  const [selected, setSelected] = useState<SnippetLanguage>("curl");
  const baseId = useId();
  const tabs = useRef<Partial<Record<SnippetLanguage, HTMLButtonElement | null>>>({});
  const code = buildSnippet(selected, input);
  const label = SNIPPET_LANGUAGES.find((l) => l.id === selected)!.label;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = SNIPPET_LANGUAGES.findIndex((l) => l.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: SNIPPET_LANGUAGES.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = SNIPPET_LANGUAGES[(moves[event.key]! + SNIPPET_LANGUAGES.length) % SNIPPET_LANGUAGES.length]!.id;
    setSelected(next);
    tabs.current[next]?.focus();
  };

  return (
    <div className="overflow-hidden rounded-lg border border-line">
      <div className="flex items-center justify-between border-b border-line bg-subtle/60 px-2">
        <div role="tablist" aria-label="Snippet language" className="flex">
          {SNIPPET_LANGUAGES.map((language) => {
            const isSelected = language.id === selected;
            return (
              <button
                key={language.id}
                ref={(el) => {
                  tabs.current[language.id] = el;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${language.id}`}
                aria-selected={isSelected}
                aria-controls={`${baseId}-panel`}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => setSelected(language.id)}
                onKeyDown={onKeyDown}
                className={cn(
                  "-mb-px border-b-2 px-3 py-2 text-xs font-medium",
                  isSelected ? "border-accent text-fg" : "border-transparent text-fg-muted hover:text-fg",
                )}
              >
                {language.label}
              </button>
            );
          })}
        </div>
        <CopyButton text={code} label={`Copy ${label} snippet`} />
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected}`}>
        {/* Focusable so keyboard users can scroll long lines. */}
        {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <pre tabIndex={0} className="overflow-x-auto bg-surface p-3 font-mono text-xs leading-relaxed text-fg">
          <code>{code}</code>
        </pre>
      </div>
    </div>
  );
}
