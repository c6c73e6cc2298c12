// First: React looks for the render counter's hook when react-dom loads (render-count.ts).
import "./render-count";
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";
import { preloadsSettled } from "@/app/page-preloads";

// jsdom does not scroll: its window.scrollTo only reports that it is not implemented. A stand-in that does
// nothing, which tests spy on (the app scrolls the page with window.scrollTo: lib/scroll-page-to-top.ts).
window.scrollTo = () => undefined;

// A file's first render waits for its lazily loaded page, which on a busy machine can take over the
// default 1 s of findBy*. Passing tests do not wait longer.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// A page's code preloaded on hover or focus may still be loading when the file ends (page-preloads.ts).
afterAll(() => preloadsSettled());
