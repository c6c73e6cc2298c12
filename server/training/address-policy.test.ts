import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-policy";
import { parseAllowedHost, publicTarget, RefusedTarget, type ResolveAll } from "./public-target";

/** An https URL's port `at`. */
const https = (at: number) => ({ at, schemeDefault: 443 });

// Server-side request forgery (SSRF): the rules as pure functions over addresses and fake DNS answers.
// Nothing here opens a socket or asks a real resolver.

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "IPv6 loopback"],
    ["10.1.2.3", "RFC 1918"],
    ["172.16.0.1", "RFC 1918"],
    ["172.31.255.255", "RFC 1918"],
    ["192.168.1.1", "RFC 1918"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.254", "carrier-grade NAT"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "IPv6 link-local"],
    ["169.254.169.254", "cloud metadata"],
    ["fd00:ec2::254", "AWS IPv6 metadata"],
    ["0.0.0.0", "unspecified"],
    ["::", "IPv6 unspecified"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "IPv6 multicast"],
    ["255.255.255.255", "broadcast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback, dotted"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped metadata, hex"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:100.64.0.1", "IPv4-mapped CGNAT"],
    ["::ffff:0.0.0.0", "IPv4-mapped unspecified"],
    ["[::1]", "a bracketed URL host"],
    ["64:ff9b::7f00:1", "NAT64 of loopback"],
    ["2002:7f00:1::", "6to4 of loopback"],
    ["203.0.113.7", "documentation"],
    ["not an address", "a name"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.215.14", "8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "2001:4860:4860::8888", "::ffff:8.8.8.8"])(
    "allows the public unicast address %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

const dns =
  (answers: Record<string, string[]>): ResolveAll =>
  async (name) => {
    const found = answers[name];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

describe("publicTarget", () => {
  const resolveAll = dns({
    "data.example": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    "rebind.example": ["93.184.215.14", "127.0.0.1"],
    "metadata.example": ["169.254.169.254"],
    "mapped.example": ["::ffff:7f00:1"],
    "internal.corp": ["10.0.0.5"],
  });

  it("resolves a name to its first answer when every answer is public", async () => {
    expect(await publicTarget("data.example", { resolveAll })).toEqual({ address: "93.184.215.14", family: 4 });
  });

  it.each(["rebind.example", "metadata.example", "mapped.example", "internal.corp", "nowhere.example"])(
    "refuses %s (a non-public answer, or none)",
    async (host) => {
      await expect(publicTarget(host, { resolveAll })).rejects.toBeInstanceOf(RefusedTarget);
    },
  );

  it.each(["127.0.0.1", "[::1]", "[::ffff:7f00:1]", "169.254.169.254", "[fd00:ec2::254]", "0.0.0.0"])(
    "refuses the IP literal %s without resolving anything",
    async (host) => {
      let asked = 0;
      await expect(publicTarget(host, { resolveAll: async () => ((asked += 1), []) })).rejects.toBeInstanceOf(
        RefusedTarget,
      );
      expect(asked).toBe(0);
    },
  );

  it("judges what a URL parser makes of odd spellings of loopback (decimal, hex, short forms)", async () => {
    for (const spelling of [
      "http://2130706433/",
      "http://0x7f.1/",
      "http://127.1/",
      "http://[0:0:0:0:0:ffff:127.0.0.1]/",
    ]) {
      await expect(publicTarget(new URL(spelling).hostname, { resolveAll })).rejects.toBeInstanceOf(RefusedTarget);
    }
  });

  it("lets the configured hosts through whatever they resolve to (SFT_DATA_ALLOWED_HOSTS), and only those", async () => {
    expect(await publicTarget("Internal.Corp", { resolveAll, allowedHosts: ["internal.corp"] })).toEqual({
      address: "10.0.0.5",
      family: 4,
    });
    await expect(
      publicTarget("metadata.example", { resolveAll, allowedHosts: ["internal.corp"] }),
    ).rejects.toBeInstanceOf(RefusedTarget);
  });

  it("lets an allowed host through on the port it names, or on the scheme's default port when it names none", async () => {
    const policy = { resolveAll, allowedHosts: ["internal.corp:9000", "[fd00::5]:8443", "10.0.0.7"] };
    expect(await publicTarget("internal.corp", policy, https(9000))).toMatchObject({ address: "10.0.0.5" });
    await expect(publicTarget("internal.corp", policy, https(443))).rejects.toBeInstanceOf(RefusedTarget);
    await expect(publicTarget("internal.corp", policy, https(22))).rejects.toBeInstanceOf(RefusedTarget);
    expect(await publicTarget("[fd00::5]", policy, https(8443))).toEqual({ address: "fd00::5", family: 6 });
    await expect(publicTarget("[fd00::5]", policy, https(443))).rejects.toBeInstanceOf(RefusedTarget);
    expect(await publicTarget("10.0.0.7", policy, https(443))).toEqual({ address: "10.0.0.7", family: 4 });
    await expect(publicTarget("10.0.0.7", policy, https(8080))).rejects.toBeInstanceOf(RefusedTarget);
    expect(await publicTarget("10.0.0.7", policy, { at: 80, schemeDefault: 80 })).toMatchObject({ family: 4 });
  });

  it("reads SFT_DATA_ALLOWED_HOSTS entries as host and optional port", () => {
    expect(parseAllowedHost("Files.Internal")).toEqual({ host: "files.internal" });
    expect(parseAllowedHost("files.internal:8443")).toEqual({ host: "files.internal", port: 8443 });
    expect(parseAllowedHost("[FD00::5]:9000")).toEqual({ host: "fd00::5", port: 9000 });
    expect(parseAllowedHost("fd00::5")).toEqual({ host: "fd00::5" });
  });
});
