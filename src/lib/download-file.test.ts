import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadFile } from "./download-file";

describe("downloadFile", () => {
  afterEach(() => vi.restoreAllMocks());

  it("clicks a link to an object URL of the text, named as asked, leaves no link behind, and revokes the URL", async () => {
    const made: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => (made.push(blob as Blob), "blob:test-1"));
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const clicked: { href: string; download: string; inDocument: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
    });
    downloadFile('{"a":1}\n', "groups.jsonl", "application/x-ndjson");
    expect(clicked).toEqual([{ href: "blob:test-1", download: "groups.jsonl", inDocument: true }]);
    expect(document.querySelectorAll("a")).toHaveLength(0);
    expect(made[0]!.type).toBe("application/x-ndjson");
    expect(await made[0]!.text()).toBe('{"a":1}\n');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revoke).toHaveBeenCalledWith("blob:test-1");
  });
});
