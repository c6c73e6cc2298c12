/**
 * Orders two strings as `Intl.Collator("en", { sensitivity: "base", numeric: true })` does, the
 * order of every name column (models, providers, jobs, specs): case ignored, runs of digits by
 * their value ("model-9" before "model-10", "01" equal to "1"). Printable ASCII is compared here,
 * without a collator: the page's first collator loads ICU's collation data, which is a costly
 * part of the catalog's first render on a cold load. Any other text goes to the
 * collator. compare-text.test.ts checks the two agree.
 */
export function compareText(a: string, b: string): number {
  if (!PRINTABLE_ASCII.test(a) || !PRINTABLE_ASCII.test(b)) return collator().compare(a, b);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const aDigit = isDigit(a.charCodeAt(i));
    const bDigit = isDigit(b.charCodeAt(j));
    if (aDigit && bDigit) {
      const aEnd = digitRunEnd(a, i);
      const bEnd = digitRunEnd(b, j);
      const order = compareDigitRuns(a.slice(i, aEnd), b.slice(j, bEnd));
      if (order !== 0) return order;
      i = aEnd;
      j = bEnd;
      continue;
    }
    const aWeight = aDigit ? DIGIT_WEIGHT : (WEIGHTS[a.charCodeAt(i)] ?? 0);
    const bWeight = bDigit ? DIGIT_WEIGHT : (WEIGHTS[b.charCodeAt(j)] ?? 0);
    if (aWeight !== bWeight) return aWeight < bWeight ? -1 : 1;
    i++;
    j++;
  }
  // Equal so far: the one with text left sorts after.
  return Math.sign(a.length - i - (b.length - j));
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Printable ASCII that is neither digit nor letter, in the order of Unicode's default collation (CLDR root). */
const SYMBOL_ORDER = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$";
/** Digits come after every symbol and before the letters. */
const DIGIT_WEIGHT = SYMBOL_ORDER.length;

/** Each printable ASCII character's weight at the base level: letters of either case alike. */
const WEIGHTS: number[] = (() => {
  const weights: number[] = [];
  [...SYMBOL_ORDER].forEach((symbol, index) => (weights[symbol.charCodeAt(0)] = index));
  for (let letter = 0; letter < 26; letter++) {
    weights[0x41 + letter] = DIGIT_WEIGHT + 1 + letter;
    weights[0x61 + letter] = DIGIT_WEIGHT + 1 + letter;
  }
  return weights;
})();

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

function digitRunEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  return end;
}

/** By value: leading zeros dropped, a longer number is larger, then digit by digit. */
function compareDigitRuns(a: string, b: string): number {
  const aValue = a.replace(/^0+/, "");
  const bValue = b.replace(/^0+/, "");
  if (aValue.length !== bValue.length) return aValue.length < bValue.length ? -1 : 1;
  return aValue < bValue ? -1 : aValue > bValue ? 1 : 0;
}

let textCollator: Intl.Collator | undefined;

function collator(): Intl.Collator {
  textCollator ??= new Intl.Collator("en", { sensitivity: "base", numeric: true });
  return textCollator;
}
