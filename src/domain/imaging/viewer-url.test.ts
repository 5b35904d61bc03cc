import { describe, expect, it } from 'vitest';
import { readViewerParams, viewerHash } from './viewer-url';

describe('the viewer page address', () => {
  const params = {
    dicomweb: 'https://provider.example/dicomweb',
    study: '2.25.1234',
    token: 'a.b/c+d=',
  };

  it('round-trips the DICOMweb root, study and token through the fragment', () => {
    expect(readViewerParams('', viewerHash(params))).toEqual(params);
  });

  it('reads the query when the fragment lacks a parameter', () => {
    expect(readViewerParams('?dicomweb=/dw&study=1.2&token=t', '')).toEqual({
      dicomweb: '/dw',
      study: '1.2',
      token: 't',
    });
  });

  it('is null unless all three are there', () => {
    expect(readViewerParams('?dicomweb=/dw&study=1.2', '')).toBeNull();
  });
});
