import { describe, expect, it } from 'vitest';
import {
  $kioskDeviceName,
  forgetDevice,
  readDeviceName,
  readPatientKioskIdentity,
  removePatientKioskIdentity,
  saveDeviceName,
  setPatientKioskIdentity,
} from './kiosk-identity.store';

/** A cookie jar that keeps only the last assignment, as the assertions read it. */
function fakeJar() {
  const written: string[] = [];
  let cookie = '';
  return {
    written,
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      written.push(value);
      const [pair = ''] = value.split(';');
      cookie = value.includes('1970') ? '' : pair;
    },
  };
}

describe('kiosk cookies (spec 3, spec 9)', () => {
  it('the device name is kept in kioskIdentity until 2030-12-31, path /', () => {
    const jar = fakeJar();
    saveDeviceName('  Reception tablet 2 ', jar);
    expect(jar.written[0]).toMatch(
      /^kioskIdentity=Reception%20tablet%202; expires=Tue, 31 Dec 2030 00:00:00 GMT; path=\//,
    );
    expect(readDeviceName(jar)).toBe('Reception tablet 2');
    expect($kioskDeviceName.get()).toBe('Reception tablet 2');
  });

  it('an empty name is not saved', () => {
    const jar = fakeJar();
    saveDeviceName('   ', jar);
    expect(jar.written).toEqual([]);
  });

  it('forgetting the device removes the cookie', () => {
    const jar = fakeJar();
    saveDeviceName('Tablet', jar);
    forgetDevice(jar);
    expect(jar.written[1]).toMatch(/^kioskIdentity=; expires=Thu, 01 Jan 1970 .*; path=\//);
    expect(readDeviceName(jar)).toBeNull();
    expect($kioskDeviceName.get()).toBeNull();
  });

  it('patientKioskIdentity is set and removed the same way', () => {
    const jar = fakeJar();
    setPatientKioskIdentity('abc', jar);
    expect(jar.written[0]).toMatch(/^patientKioskIdentity=abc; expires=Tue, 31 Dec 2030/);
    expect(readPatientKioskIdentity(jar)).toBe('abc');
    removePatientKioskIdentity(jar);
    expect(readPatientKioskIdentity(jar)).toBeNull();
  });
});
