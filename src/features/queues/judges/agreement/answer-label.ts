/** How an answer is named in the confusion matrix: yes/no as the review shows them, the rest as written. */
export function answerLabel(value: unknown): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return JSON.stringify(value) ?? String(value);
}
