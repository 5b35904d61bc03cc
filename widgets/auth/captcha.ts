/**
 * Solves the server's proof-of-work challenge (ALTCHA format): finds the
 * number whose SHA-256 with the salt is the challenge, in the browser, with
 * no third party involved. Yields to the page every few hundred tries.
 */
import type { CaptchaChallenge } from '../../src/contract/patient-auth';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The token verify_captcha takes (base64 JSON), or null when no number fits. */
export async function solveCaptcha(
  challenge: CaptchaChallenge,
  signal?: AbortSignal,
): Promise<string | null> {
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if (signal?.aborted) return null;
    if ((await sha256Hex(challenge.salt + String(number))) === challenge.challenge) {
      return btoa(
        JSON.stringify({
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number,
          salt: challenge.salt,
        }),
      );
    }
    if (number % 500 === 499) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}
