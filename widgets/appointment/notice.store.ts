import { atom } from 'nanostores';
import type { TextRef } from '../../src/domain/appointment/change-rules';

/** The outcome of the last action, shown as a notice (role=status or alert). */
export interface Notice {
  tone: 'success' | 'error' | 'info';
  text: TextRef;
  /** The appointment it is about (shown on its card), or null for the booking. */
  slug: string | null;
  /**
   * Where the patient acted, when that is not the card or the page's top
   * (the call-centre message, the callback, unsubscribing): the notice shows
   * right there, where they are looking.
   */
  at?: string;
  /** A clinic to call about it: its phone shows as a tap-to-call link with the notice. */
  phone?: string;
}
export const $notice = atom<Notice | null>(null);

/**
 * Where the outcome of a button of an appointment's actions shows: right
 * below the buttons, where the patient is looking (issue 13 part 6).
 */
export const ACTIONS = 'actions';
