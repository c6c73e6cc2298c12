/**
 * Scrolls the page (not an inner box) to its top without laying it out first. `window.scrollTo(0, 0)` needs no
 * layout: the top is a valid position whatever the page's size, and Chromium skips the layout for it. The same
 * call on the scrolling element (`document.scrollingElement.scrollTo`) lays the page out at once, inside whatever is
 * running: on a review move, the key's handling (measured in bench/README.md, "Where the frame goes"). Left to the
 * frame that draws the page, the layout happens once, there.
 */
export function scrollPageToTop(): void {
  window.scrollTo(0, 0);
}
