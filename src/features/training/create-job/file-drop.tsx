import { useState, type DragEvent } from "react";
import { FileIcon, UploadIcon } from "@/components/icons";
import { cn } from "@/lib/cn";
import { UntrustedText } from "@/components/untrusted-text";

/** A file chosen by dropping it here or with the file picker (the same input, so keyboards work). */
export function FileDrop({
  label,
  hint,
  accept,
  fileName,
  onFile,
  invalid,
}: {
  label: string;
  hint: string;
  accept: string;
  fileName: string | null;
  onFile: (file: File) => void;
  invalid?: boolean;
}) {
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    // Dropping is a shortcut for pointer users; the file input inside is the keyboard path.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <label
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={cn(
        "flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus",
        over ? "border-accent bg-accent/5" : invalid ? "border-red-500/70" : "border-line-strong hover:bg-subtle/60",
      )}
    >
      {fileName ? <FileIcon size={20} className="text-fg-muted" /> : <UploadIcon size={20} className="text-fg-muted" />}
      <span className="max-w-full text-sm font-medium break-words text-fg">
        {fileName !== null ? <UntrustedText text={fileName} /> : label}
      </span>
      <span className="text-xs text-fg-muted">{fileName ? "Drop another file or click to replace it." : hint}</span>
      <input
        type="file"
        accept={accept}
        aria-label={label}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
