// Issue 17: the release rules of results at their edges (services/results-rules.ts).
import { describe, expect, it } from 'vitest';
import { addMonths, releaseAt, resultsAccess } from '../services/results-rules.js';

const rule = { releaseAfterDays: 7, releaseWhenReferrerOpened: true, availableMonths: 12 };
const final = '2026-03-01T04:00:00.000Z';
const facts = { finalisedAt: final, referrerOpenedAt: null, releasedAt: null };
const at = (iso: string) => new Date(iso);

describe('results release (R-7-calls-46 results access requirements)', () => {
  it('is NOT_READY while no report is final', () => {
    const access = resultsAccess({ ...facts, finalisedAt: null }, rule, at(final));
    expect(access).toMatchObject({ state: 'NOT_READY', availableFrom: null, availableUntil: null });
  });

  it('is WAITING until N days after the report is final and RELEASED from that instant on', () => {
    expect(resultsAccess(facts, rule, at('2026-03-08T03:59:59.999Z')).state).toBe('WAITING');
    const released = resultsAccess(facts, rule, at('2026-03-08T04:00:00.000Z'));
    expect(released).toMatchObject({
      state: 'RELEASED',
      availableFrom: '2026-03-08T04:00:00.000Z',
    });
  });

  it('is released when the referrer opened the results, but never before the report is final', () => {
    const opened = { ...facts, referrerOpenedAt: '2026-03-02T09:00:00.000Z' };
    expect(releaseAt(opened, rule)?.toISOString()).toBe('2026-03-02T09:00:00.000Z');
    const early = { ...facts, referrerOpenedAt: '2026-02-27T09:00:00.000Z' };
    expect(releaseAt(early, rule)?.toISOString()).toBe(final);
    const late = { ...facts, referrerOpenedAt: '2026-03-20T09:00:00.000Z' };
    expect(releaseAt(late, rule)?.toISOString()).toBe('2026-03-08T04:00:00.000Z');
  });

  it('ignores the referrer when the modality rule does not release on opening', () => {
    const opened = { ...facts, referrerOpenedAt: '2026-03-02T09:00:00.000Z' };
    const days = { ...rule, releaseWhenReferrerOpened: false };
    expect(releaseAt(opened, days)?.toISOString()).toBe('2026-03-08T04:00:00.000Z');
  });

  it('keeps a recorded release instant whatever the rule says now', () => {
    const recorded = { ...facts, releasedAt: '2026-03-05T00:00:00.000Z' };
    expect(resultsAccess(recorded, rule, at('2026-03-05T00:00:00.000Z')).state).toBe('RELEASED');
  });

  it('R-4-deny-09: is EXPIRED (resultsExpired) from M months after release on', () => {
    const until = '2027-03-08T04:00:00.000Z';
    expect(resultsAccess(facts, rule, at('2027-03-08T03:59:59.999Z')).state).toBe('RELEASED');
    const expired = resultsAccess(facts, rule, at(until));
    expect(expired).toMatchObject({
      state: 'EXPIRED',
      resultsExpired: true,
      availableUntil: until,
    });
  });

  it('counts months as a calendar does (31 January + 1 month is the end of February)', () => {
    expect(addMonths(at('2026-01-31T10:00:00.000Z'), 1).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addMonths(at('2028-01-31T10:00:00.000Z'), 1).toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
    expect(addMonths(at('2026-11-15T00:00:00.000Z'), 24).toISOString()).toBe(
      '2028-11-15T00:00:00.000Z',
    );
  });
});
