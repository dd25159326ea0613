import bcrypt from "bcryptjs";
import { getConfig } from "@/lib/platform/config";

// bcrypt's cost: 2^10 rounds, ~0.1 s of CPU a hash. Under test (vitest sets NODE_ENV=test) bcrypt's least, 2^4: the suites
// hash four logins for every seeded database and check a password on every probe of the sign-in routes' fuzzing.
const COST = getConfig().NODE_ENV === "test" ? 4 : 10;

export const hashPassword = (password: string) => bcrypt.hash(password, COST);

// Verifying against this when the account does not exist keeps the response time the same either way.
const DUMMY_HASH = bcrypt.hashSync("no account has this password", COST);

/** Checks a password against a stored hash (or a dummy one, so unknown accounts take as long). */
export const verifyPassword = async (password: string, hash: string | null | undefined) => {
  const matches = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return Boolean(hash) && matches;
};
