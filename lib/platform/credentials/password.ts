import bcrypt from "bcryptjs";

const COST = 10;

export const hashPassword = (password: string) => bcrypt.hash(password, COST);

// Verifying against this when the account does not exist keeps the response time the same either way.
const DUMMY_HASH = bcrypt.hashSync("no account has this password", COST);

/** Checks a password against a stored hash (or a dummy one, so unknown accounts take as long). */
export const verifyPassword = async (password: string, hash: string | null | undefined) => {
  const matches = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return Boolean(hash) && matches;
};
