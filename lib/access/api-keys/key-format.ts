import type { Dataset } from "@/db/schema";
import { randomBase62, sha256Hex } from "@/lib/platform/crypto";

/** `svc_live_` keys read the live dataset, `svc_test_` keys the sandbox. */
export const KEY_PREFIXES: Record<Dataset, string> = { live: "svc_live_", test: "svc_test_" };
const SECRET_LENGTH = 40;
const KEY_PATTERN = /^svc_(live|test)_[0-9A-Za-z]{32,64}$/;

/** A new secret key (prefix + 40 base62 characters from the CSPRNG), its hash and visible start. */
export const generateApiKey = (environment: Dataset) => {
  const key = `${KEY_PREFIXES[environment]}${randomBase62(SECRET_LENGTH)}`;
  return { key, hash: hashApiKey(key), start: visibleStart(key) };
};

/** Keys are looked up by SHA-256: they are long random secrets, so a slow hash adds nothing. */
export const hashApiKey = (key: string) => sha256Hex(key);

/** What the dashboard and the list show of a key: the prefix and four characters. */
export const visibleStart = (key: string) => `${key.slice(0, KEY_PREFIXES.live.length + 4)}…`;

/** The environment a well-formed key names, or null for anything else (a 401 without a lookup). */
export const parseKeyEnvironment = (key: string): Dataset | null => {
  const match = KEY_PATTERN.exec(key);
  return match ? (match[1] as Dataset) : null;
};
