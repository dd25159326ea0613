import { createHash, randomInt, timingSafeEqual } from "node:crypto";

export const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");

/** Compares two strings in time that depends only on their length. */
export const constantTimeEqual = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Uniformly random base62 text from the CSPRNG (randomInt avoids modulo bias). */
export const randomBase62 = (length: number) => Array.from({ length }, () => BASE62[randomInt(62)]).join("");
