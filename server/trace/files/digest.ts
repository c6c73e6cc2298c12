import { createHash } from "node:crypto";

/**
 * A file's digest, as upstream computes it (`bytes_digest`) and as the weave SDK computes it
 * before uploading (it puts the digest in the op's `files` without waiting for the answer):
 * SHA-256 of the bytes in URL-safe base64 with `-`/`_` as `X`/`Y` and no padding.
 */
export function fileDigest(content: Uint8Array): string {
  return createHash("sha256").update(content).digest("base64url").replaceAll("-", "X").replaceAll("_", "Y");
}
