import type { Executor } from "@/db/client";
import { AppError } from "@/lib/platform/errors";
import { returnToken, takeToken, type RateLimitRule } from "@/lib/platform/rate-limit";

// Only failures count: each bucket's token is reserved before the password is checked and given back
// when it was right, so a script signing in with the right password is never refused.
// Per account and address: five failures, then one more every 3 minutes.
const PER_PAIR: RateLimitRule = { capacity: 5, refillPerSecond: 1 / 180 };
// Per account over every address (guessing from many addresses): 30 failures, then one every 2 minutes.
const PER_ACCOUNT: RateLimitRule = { capacity: 30, refillPerSecond: 1 / 120 };
// Per address over every account (one password tried on many accounts): 20 failures, then one every 30 s.
const PER_ADDRESS: RateLimitRule = { capacity: 20, refillPerSecond: 1 / 30 };

export type SignInAttempt = {
  /** The password was right: the reserved tokens go back. */
  succeeded: () => Promise<void>;
};

/**
 * Reserves one failure of a sign-in attempt (or any check of a password: the account page's current
 * password) in the account-and-address, account and address buckets, or throws 429 with Retry-After
 * before any password is checked. An emptied account bucket (guesses from many addresses) still lets
 * an address with no recent failure on the account try: the owner signing in from a new address gets
 * in, and each guessing address has one try until its own bucket is full again (docs/decisions.md).
 * `kind` separates users' and drivers' accounts; the address bucket is shared by both.
 */
export const reserveSignInAttempt = async ({
  db,
  kind,
  account,
  ip,
}: {
  db: Executor;
  kind: "signin" | "driver-signin";
  account: string;
  ip: string | null;
}): Promise<SignInAttempt> => {
  const address = ip ?? "unknown";
  const buckets = [
    { key: `${kind}:pair:${account}:${address}`, rule: PER_PAIR },
    { key: `signin:ip:${address}`, rule: PER_ADDRESS },
    { key: `${kind}:account:${account}`, rule: PER_ACCOUNT },
  ];
  const results = await Promise.all(buckets.map((bucket) => takeToken({ db, ...bucket })));
  const [pair, perAddress, perAccount] = results;
  const freshAddress = pair.allowed && pair.remaining >= PER_PAIR.capacity - 1;
  const blocked = [pair, perAddress].find((result) => !result.allowed) ?? (!perAccount.allowed && !freshAddress ? perAccount : undefined);
  const giveBack = async () => {
    await Promise.all(buckets.filter((_, index) => results[index].allowed).map((bucket) => returnToken({ db, ...bucket })));
  };
  if (blocked) {
    await giveBack();
    throw new AppError("rate_limited", `Too many sign-in attempts. Try again in ${blocked.retryAfterSeconds} seconds.`, {
      headers: { "Retry-After": String(blocked.retryAfterSeconds) },
    });
  }
  return { succeeded: giveBack };
};
