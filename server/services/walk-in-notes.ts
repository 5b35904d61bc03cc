/**
 * Spec 4 "Walk-in": the walk-ins a booking names are the clinic's own
 * (by name), kept with the visit with what the patient must know: how long
 * to prepare, and until when before closing they are accepted.
 */
import type { WalkInNote } from '../../src/contract/booking.js';
import type { Queryable } from '../db/db.js';
import { listWalkInExams } from '../db/mobile-locations.repo.js';
import { ApiError } from '../http/errors.js';
import type { MailTexts } from './mail-texts.js';

export async function walkInNotes(
  q: Queryable,
  clinicId: number,
  names: readonly string[] | undefined,
): Promise<WalkInNote[]> {
  if (!names || names.length === 0) return [];
  const known = await listWalkInExams(q, clinicId);
  return [...new Set(names.map((name) => name.trim()))].map((name) => {
    const walkIn = known.find((candidate) => candidate.name === name);
    if (!walkIn) throw new ApiError(400, 'message.walk_in_unknown', `no walk-in ${name}`);
    return { name: walkIn.name, prepTime: walkIn.prepTime, minutesPrior: walkIn.minutesPrior };
  });
}

/** The e-mail's lines about the walk-ins of a visit, in the e-mail's locale. */
export function walkInLines(walkIns: readonly WalkInNote[], texts: MailTexts): string[] {
  if (walkIns.length === 0) return [];
  return [
    '',
    texts.t('email.walk_in.intro'),
    ...walkIns.map((walkIn) =>
      texts.t(walkIn.prepTime > 0 ? 'email.walk_in.item_prepare' : 'email.walk_in.item', {
        name: walkIn.name,
        minutes: walkIn.minutesPrior,
        prepare: walkIn.prepTime,
      }),
    ),
  ];
}
