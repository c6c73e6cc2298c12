import { useEffect, useRef, useState } from "react";

/**
 * A text input whose value lives in the URL. The URL updates a little after each keystroke
 * (router navigations are transitions), so binding the input to the URL directly would drop
 * characters typed quickly. The input keeps its own text; values it pushed are recognised when
 * they reach the URL, and only a change from elsewhere (back button, "Clear") replaces the text.
 */
export function useUrlBackedText(
  urlValue: string,
  push: (value: string) => void,
  toUrlForm: (value: string) => string = (v) => v,
) {
  const [text, setText] = useState(urlValue);
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const at = pending.current.indexOf(urlValue);
    if (at >= 0) {
      // Our own push arrived (intermediate ones may have been skipped).
      pending.current = pending.current.slice(at + 1);
      return;
    }
    pending.current = [];
    setText(urlValue);
  }, [urlValue]);

  const change = (value: string) => {
    setText(value);
    const urlForm = toUrlForm(value);
    if (urlForm !== urlValue || pending.current.length > 0) pending.current.push(urlForm);
    push(value);
  };

  return [text, change] as const;
}
