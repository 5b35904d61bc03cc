import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  declaredType,
  fileTypeNames,
  isAcceptedFile,
  isImageType,
  isPdfType,
} from './referral-file';

const VALID = ['application/pdf', 'image/jpeg', 'image/png'];

describe('referral upload rule (spec 5)', () => {
  it('R-5-12: the accept list comes from validReferralContentTypes, with the extensions', () => {
    expect(acceptAttribute(VALID)).toBe(
      'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png',
    );
    expect(acceptAttribute(['application/pdf'])).toBe('application/pdf,.pdf');
  });

  it('R-5-11: only the configured content types are accepted', () => {
    expect(isAcceptedFile({ type: 'application/pdf', name: 'r.pdf' }, VALID)).toBe(true);
    expect(isAcceptedFile({ type: 'image/png', name: 'r.png' }, VALID)).toBe(true);
    expect(isAcceptedFile({ type: 'image/png', name: 'r.png' }, ['application/pdf'])).toBe(false);
    expect(isAcceptedFile({ type: 'text/html', name: 'r.pdf' }, VALID)).toBe(false);
    expect(isAcceptedFile({ type: 'image/gif', name: 'r.gif' }, VALID)).toBe(false);
  });

  it('a file the browser gives no type is judged by its extension, an unknown one is refused', () => {
    expect(declaredType({ type: '', name: 'Scan.JPG' })).toBe('image/jpeg');
    expect(isAcceptedFile({ type: '', name: 'referral.pdf' }, VALID)).toBe(true);
    expect(isAcceptedFile({ type: '', name: 'referral' }, VALID)).toBe(false);
    expect(isAcceptedFile({ type: '', name: 'referral.exe' }, VALID)).toBe(false);
  });

  it("R-5-13: 'referral file types' names the allowed types as a patient reads them", () => {
    expect(fileTypeNames(VALID)).toBe('PDF, JPEG, PNG');
    expect(fileTypeNames(['image/jpeg', 'IMAGE/JPEG', 'image/x-custom'])).toBe(
      'JPEG, image/x-custom',
    );
  });

  it('R-3-16: a PDF or an image', () => {
    expect(isPdfType('application/pdf')).toBe(true);
    expect(isImageType('image/png')).toBe(true);
    expect(isImageType('application/pdf')).toBe(false);
  });
});
