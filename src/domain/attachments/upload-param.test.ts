import { describe, expect, it } from 'vitest';
import { withUploadFalse } from './upload-param';

describe('upload query parameter (spec 2.2)', () => {
  it('R-2.2-17: upload=false is merged in, the other parameters kept', () => {
    expect(withUploadFalse('')).toBe('?upload=false');
    expect(withUploadFalse('?kioskMode=true&upload=true')).toBe('?kioskMode=true&upload=false');
    expect(withUploadFalse('status=x')).toBe('?status=x&upload=false');
  });
});
