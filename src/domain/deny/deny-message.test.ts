import { describe, expect, it } from 'vitest';
import { closeHref, denyMessage, parseDenyParams } from './deny-message';

const message = (search: string) => denyMessage(parseDenyParams(search));

describe('deny page message by input (spec 4, 8)', () => {
  it('R-4-deny-01 EXPIRED and EXPIRED_PATIENT show the expired message', () => {
    expect(message('?status=EXPIRED')).toEqual({ key: 'deny.expired' });
    expect(message('?status=EXPIRED_PATIENT')).toEqual({ key: 'deny.expired' });
  });
  it('R-4-deny-02..05 CANCELED, DECLINED_BY_PATIENT, REMOVED_BY_OPERATOR/DELETED, ON_HOLD', () => {
    expect(message('?status=CANCELED')).toEqual({ key: 'deny.canceled' });
    expect(message('?status=DECLINED_BY_PATIENT')).toEqual({ key: 'deny.declined_by_patient' });
    expect(message('?status=REMOVED_BY_OPERATOR')).toEqual({ key: 'deny.removed_by_operator' });
    expect(message('?status=DELETED')).toEqual({ key: 'deny.removed_by_operator' });
    expect(message('?status=ON_HOLD')).toEqual({ key: 'deny.waiting_protocol' });
  });
  it('R-4-deny-06 any other status shows the restricted message', () => {
    expect(message('?status=SOMETHING')).toEqual({ key: 'deny.restricted' });
  });
  it('R-4-deny-07 revoked=true shows access revoked', () => {
    expect(message('?revoked=true')).toEqual({ key: 'deny.access_revoked' });
  });
  it('R-4-deny-08 maxAttempts shows the named message, else max attempts reached', () => {
    expect(message('?maxAttempts=true')).toEqual({ key: 'deny.max_attempts_reached' });
    expect(message('?maxAttempts=true&message=max_attempts_reached_shared')).toEqual({
      key: 'deny.max_attempts_reached_shared',
    });
    expect(message('?maxAttempts=true&message=max_attempts_reached_results')).toEqual({
      key: 'deny.max_attempts_reached_results',
    });
    expect(message('?maxAttempts=true&message=anything_else')).toEqual({
      key: 'deny.max_attempts_reached',
    });
  });
  it('R-4-deny-09 R-4-deny-10 R-4-deny-11 resultsExpired, customMessage, then the generic problem', () => {
    expect(message('?resultsExpired=true')).toEqual({ key: 'deny.results_expired' });
    expect(message('?customMessage=Please%20call%20us')).toEqual({ text: 'Please call us' });
    // The portal's own flows pass a key: translated, never shown raw.
    expect(message('?customMessage=message.questionnaire_required')).toEqual({
      key: 'message.questionnaire_required',
    });
    expect(message('')).toEqual({ key: 'deny.problem' });
    expect(message('?revoked=false')).toEqual({ key: 'deny.problem' });
  });
  it('status wins over the other inputs', () => {
    expect(message('?status=CANCELED&maxAttempts=true')).toEqual({ key: 'deny.canceled' });
  });
  it('R-4-deny-12 the Close link only with showClose=true and a redirectUrl (never javascript:)', () => {
    const trusted = ['https://clinic.example.org'];
    expect(
      closeHref(parseDenyParams('?showClose=true&redirectUrl=https://clinic.example.org'), trusted),
    ).toBe('https://clinic.example.org');
    // A crafted link's Close never leads to a page the provider does not own.
    expect(
      closeHref(parseDenyParams('?showClose=true&redirectUrl=https://evil.example/x'), trusted),
    ).toBeNull();
    expect(closeHref(parseDenyParams('?showClose=true&redirectUrl=/home'))).toBe('/home');
    expect(closeHref(parseDenyParams('?redirectUrl=https://clinic.example.org'))).toBeNull();
    expect(closeHref(parseDenyParams('?showClose=true'))).toBeNull();
    expect(
      closeHref(parseDenyParams('?showClose=true&redirectUrl=javascript:alert(1)')),
    ).toBeNull();
  });
});
