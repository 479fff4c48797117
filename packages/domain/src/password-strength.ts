/**
 * The weak-password rule (`weak_pwd`), on the server only. This file is a separate package entry
 * (`@mirage/domain/password-strength`) and is NOT re-exported by the domain index: the dictionaries of
 * @zxcvbn-ts/language-common weigh about 1 MB, which the web bundle must not carry. The web shows the
 * server's `weak_pwd` like any other password code.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * Refused below zxcvbn score 2, i.e. an estimate under about 10^6 guesses: the leaked-password lists,
 * keyboard walks, repeats, sequences, dates and simple l33t forms of those. NIST SP 800-63B asks for
 * exactly this (refuse passwords from breach corpuses, dictionary words, repetitive or sequential
 * characters, context-specific words) and no composition rules. Score 3 or 4 would also refuse many
 * ordinary passphrases of two words and a digit, which people actually remember; online guessing is
 * throttled by the login limits (10 failures per account and address per 10 minutes), so 10^6 guesses
 * are out of reach, while offline cracking of a leaked hash is slowed by argon2id.
 */
export const MIN_PASSWORD_SCORE = 2;

/** The site's own name: a password built on it is a context-specific guess (NIST 800-63B). */
const SITE_WORDS = ['mirage'];

/**
 * The l33t matcher tries every combination of substitutions, and the check runs on the server's main
 * thread: with the library's default cap (100), a 32-character password made of substitutable symbols
 * (`p4$$w0rd` four times) took 40-60 ms. 20 brings such a worst case to 6-17 ms and still sees
 * through the usual forms (`P@ssw0rd`, `$unsh1ne`, `m0nk3y12` are refused either way).
 */
const L33T_MAX_SUBSTITUTIONS = 20;

let factory: ZxcvbnFactory | undefined;
/**
 * Built on first use, not at import: ranking the dictionaries takes 40-70 ms once (importing them
 * another 70-110 ms at start). A check afterwards takes 1-3 ms for ordinary passwords (measured on the
 * 2-core dev box), well under the argon2id hash that follows it.
 */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  });
  return factory;
}

/**
 * The words of the account a password must not be built on: the username, the email and its local
 * part (zxcvbn matches user inputs as whole dictionary words, so the local part is a word of its own).
 */
export function passwordUserInputs(account: { username?: string | null; email?: string | null }): string[] {
  const inputs: string[] = [];
  if (account.username) inputs.push(account.username.toLowerCase());
  if (account.email) {
    const email = account.email.toLowerCase();
    inputs.push(email);
    const local = email.split('@')[0];
    if (local && local !== email) inputs.push(local);
  }
  return inputs;
}

/** True when the password is too common or too easy to guess (`weak_pwd`). Pure; no I/O. */
export function isWeakPassword(password: string, userInputs: readonly string[] = []): boolean {
  const result = estimator().check(password, [...userInputs, ...SITE_WORDS]);
  return result.score < MIN_PASSWORD_SCORE;
}
