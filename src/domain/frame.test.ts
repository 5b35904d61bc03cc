import { describe, expect, it } from 'vitest';
import {
  adminLoginUrl,
  displayName,
  firstSegment,
  headerAsset,
  homeLink,
  isConfirmationPage,
  isHomeTypePage,
  menuTarget,
  pageType,
  compactHeaderImage,
} from './frame';

describe('frame rules (spec 2.3)', () => {
  it('R-2.3-28: the page type comes from the first URL segment, also inside the iframe shell', () => {
    expect(firstSegment('/appointments/ABC?x=1')).toBe('appointments');
    expect(firstSegment('/iframe/check-in')).toBe('check-in');
    expect(firstSegment('/')).toBe('');
  });

  it('R-2.3-29: appointments, booking-requests, unsubscribe, authentication and a are confirmation pages', () => {
    for (const path of [
      '/appointments/K',
      '/booking-requests/K',
      '/unsubscribe/K',
      '/authentication',
      '/a/K',
    ]) {
      expect(isConfirmationPage(path)).toBe(true);
    }
    expect(isConfirmationPage('/about')).toBe(false);
  });

  it('R-2.3-30: home, booking-requests and unsubscribe are home-type pages', () => {
    for (const path of ['/home', '/booking-requests/K', '/unsubscribe/K', '/'])
      expect(isHomeTypePage(path)).toBe(true);
    expect(isHomeTypePage('/appointments/K')).toBe(false);
  });

  it('R-2.3-31/32: check-in gives the digital check-in type and its header; tablets get header_tablet', () => {
    expect(pageType('/check-in')).toBe('check-in');
    expect(headerAsset(pageType('/check-in'), false)).toBe('check_in_header');
    expect(headerAsset(pageType('/appointments/K'), true)).toBe('confirmation_header');
    expect(headerAsset(pageType('/about'), true)).toBe('header_tablet');
    expect(headerAsset(pageType('/about'), false)).toBe('header');
  });

  it('R-2.3-33..35: the home link is /kiosk in kiosk mode, /advanced-booking there, else /, carrying kioskMode and regionSlug', () => {
    expect(homeLink('/about', '', false)).toBe('/');
    expect(homeLink('/about', '?kioskMode=true&regionSlug=perth&x=1', false)).toBe(
      '/kiosk?kioskMode=true&regionSlug=perth',
    );
    expect(homeLink('/check-in', '', true)).toBe('/kiosk?kioskMode=true');
    expect(homeLink('/advanced-booking/select-clinic', '?regionSlug=sydney', false)).toBe(
      '/advanced-booking?regionSlug=sydney',
    );
  });

  it('R-2.3-09/10: a menu item goes to its internal page unless an external URL is configured', () => {
    expect(menuTarget('/about', '')).toEqual({ href: '/about', external: false });
    expect(menuTarget('/about', '  ')).toEqual({ href: '/about', external: false });
    expect(menuTarget('/about', 'https://x.org/about')).toEqual({
      href: 'https://x.org/about',
      external: true,
    });
  });

  it("R-2.3-11: the login link is the admin host's /login path", () => {
    expect(adminLoginUrl('https://admin.example.org/')).toBe('https://admin.example.org/login');
  });

  it("R-2.3-14: the current doctor's name shows only when no organization is set", () => {
    const doctor = { firstName: 'Anna', lastName: 'Nguyen' };
    expect(displayName({ username: 'anguyen', organization: null, currentDoctor: doctor })).toBe(
      'Anna Nguyen',
    );
    expect(
      displayName({ username: 'anguyen', organization: 'Harbour', currentDoctor: doctor }),
    ).toBe('anguyen');
  });

  it("the header image is compact on the booking flow's later steps, full on the home page", () => {
    expect(compactHeaderImage('/')).toBe(false);
    expect(compactHeaderImage('/select-clinic?examSlug=x')).toBe(true);
    expect(compactHeaderImage('/iframe/booking')).toBe(true);
    expect(compactHeaderImage('/about')).toBe(false);
  });
});
