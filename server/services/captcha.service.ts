/**
 * A self-hosted proof-of-work CAPTCHA in the ALTCHA format (no third party
 * sees the patient): the browser finds `number` with SHA-256(salt + number)
 * = challenge. Challenges live in the database and are answered once.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Queryable } from '../db/db.js';
import { insertCaptchaChallenge, useCaptchaChallenge } from '../db/patient-auth.repo.js';
import type { CaptchaChallenge } from '../../src/contract/patient-auth.js';

/** About a second of work on a phone. */
export const CAPTCHA_MAX_NUMBER = 50_000;
const CHALLENGE_SECONDS = 10 * 60;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export async function issueCaptcha(
  q: Queryable,
  maxnumber = CAPTCHA_MAX_NUMBER,
): Promise<CaptchaChallenge> {
  const salt = randomBytes(12).toString('hex');
  const challenge = sha256Hex(salt + String(randomInt(0, maxnumber + 1)));
  await insertCaptchaChallenge(q, { challenge, salt, seconds: CHALLENGE_SECONDS });
  return { enabled: true, algorithm: 'SHA-256', challenge, salt, maxnumber };
}

interface Solution {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
}

function parseToken(token: string): Solution | undefined {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<Solution>;
    if (
      value.algorithm === 'SHA-256' &&
      typeof value.challenge === 'string' &&
      typeof value.salt === 'string' &&
      Number.isInteger(value.number)
    )
      return value as Solution;
  } catch {
    // Not a token of ours.
  }
  return undefined;
}

/** Checks a solution and spends its challenge for the browser `solvedBy` names. */
export async function verifyCaptcha(
  q: Queryable,
  token: string,
  solvedBy: string,
): Promise<boolean> {
  const solution = parseToken(token);
  if (!solution || sha256Hex(solution.salt + String(solution.number)) !== solution.challenge)
    return false;
  return useCaptchaChallenge(q, { challenge: solution.challenge, salt: solution.salt, solvedBy });
}
