import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

async function fresh() {
  vi.resetModules();
  const memory = await import('./form-memory');
  const { $bookingForm } = await import('./form-state.store');
  return { ...memory, $bookingForm };
}

/** The tab's sessionStorage (vitest runs in node). */
function tabStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

beforeEach(() => vi.stubGlobal('sessionStorage', tabStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('what the patient typed survives a reload (issue 15 part 7)', () => {
  it('a reload of the same flow fills the empty fields; the validation code is never kept', async () => {
    let tab = await fresh();
    const stop = tab.keepBookingForm('mri-knee@2');
    tab.$bookingForm.setKey('firstName', 'Mary');
    tab.$bookingForm.setKey('validationCode', '123456');
    stop();
    tab = await fresh();
    tab.$bookingForm.setKey('lastName', 'Typed again');
    tab.keepBookingForm('mri-knee@2');
    expect(tab.$bookingForm.get()).toMatchObject({
      firstName: 'Mary',
      lastName: 'Typed again',
      validationCode: '',
    });
  });

  it('another flow, or a booking made, starts empty', async () => {
    let tab = await fresh();
    tab.keepBookingForm('mri-knee@2');
    tab.$bookingForm.setKey('firstName', 'Mary');
    tab = await fresh();
    tab.keepBookingForm('ct-chest@3');
    expect(tab.$bookingForm.get().firstName).toBe('');
    tab = await fresh();
    tab.forgetBookingForm();
    tab.keepBookingForm('mri-knee@2');
    expect(tab.$bookingForm.get().firstName).toBe('');
  });
});
