/**
 * Password hashing for the local auth provider: scrypt from node:crypto with a random
 * per-password salt, stored in a self-describing format so the cost can be raised later
 * without breaking existing hashes:
 *
 *   scrypt$N$r$p$<salt, base64>$<key, base64>
 *
 * Passwords are compared in constant time and are never logged or returned.
 */
import crypto from "node:crypto";

export const SCRYPT_PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
// 128 * N * r bytes are needed (16 MiB with the defaults); leave room for a raised cost.
const MAX_MEMORY = 256 * 1024 * 1024;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

function scrypt(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(
      password.normalize("NFC"),
      salt,
      keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** A new hash of `password` with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_BYTES, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!isPowerOfTwo(N) || N > 2 ** 20) return null;
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return null;
  if (128 * N * r > MAX_MEMORY) return null;
  const salt = Buffer.from(parts[4]!, "base64");
  const key = Buffer.from(parts[5]!, "base64");
  if (salt.length < 8 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

/** True when `password` matches the `stored` hash; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.key.length, parsed);
  return crypto.timingSafeEqual(key, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as verifying a real password, and always answers false. Call it when
 * there is no account for the e-mail address, so response times do not tell whether it exists.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("base64"));
  await verifyPassword(password, await dummyHash);
  return false;
}
