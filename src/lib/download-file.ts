/**
 * Hands a file made in the browser (an export, a dataset, the training registry) to the browser as
 * a download, through a temporary link to an object URL.
 */
export function downloadFile(contents: Blob | string, fileName: string, type = "application/octet-stream"): void {
  const blob = typeof contents === "string" ? new Blob([contents], { type }) : contents;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  // In the document while clicked: older Firefox versions ignored a click on a detached link.
  document.body.append(link);
  link.click();
  link.remove();
  // The download holds its own reference by now; revoke on the next task to be safe in every browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
