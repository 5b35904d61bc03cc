import { describe, expect, it } from 'vitest';
import { pageHead } from './page-head';

const app = {
  metaTitle: 'Harbour Imaging',
  metaDescription: 'Book an MRI online',
  metaFbDescription: 'Scans near you',
  metaKeywords: 'mri, ct',
  searchEngineVerificationEnabled: true,
  searchEngineVerificationId: 'abc123',
};

describe('the page head of spec 3 (R-3-01, R-3-02)', () => {
  it('gives search engines the title, description, social description, keywords and verification', () => {
    expect(pageHead({ app, radiology: { name: 'Harbour' } })).toEqual({
      title: 'Harbour Imaging',
      meta: [
        { key: 'name', value: 'description', content: 'Book an MRI online' },
        { key: 'name', value: 'keywords', content: 'mri, ct' },
        { key: 'property', value: 'og:title', content: 'Harbour Imaging' },
        { key: 'property', value: 'og:description', content: 'Scans near you' },
        { key: 'name', value: 'google-site-verification', content: 'abc123' },
      ],
    });
  });

  it('has no verification tag when verification is disabled, and no empty tags', () => {
    const head = pageHead({
      app: { ...app, metaKeywords: ' ', metaTitle: '', searchEngineVerificationEnabled: false },
      radiology: { name: 'Harbour' },
    });
    expect(head.title).toBe('Harbour');
    expect(head.meta.map((m) => m.value)).toEqual(['description', 'og:title', 'og:description']);
  });
});
