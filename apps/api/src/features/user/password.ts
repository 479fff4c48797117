import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum: 19 MiB memory, 2 iterations, 1 lane. */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when the account does not exist keeps "no such user" and "wrong password"
 * equally slow, so response time does not reveal which usernames exist.
 */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-just-timing');
  await verifyPassword(await dummyHash, password);
}
