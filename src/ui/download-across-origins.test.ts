import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewAcrossOrigins } from './download-across-origins';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A click on a link of the provider's API from a clinic's page (another origin). */
function clickFromClinicPage() {
  vi.stubGlobal('location', { origin: 'https://clinic.example.org' });
  const opened: string[] = [];
  vi.stubGlobal('window', { open: (url: string) => void opened.push(url) });
  const shown: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    shown.push(blob as Blob);
    return `blob:https://clinic.example.org/${shown.length}`;
  });
  const event = {
    currentTarget: { href: 'https://portal.example.org/api/files/1' } as HTMLAnchorElement,
    preventDefault: vi.fn(),
    stopPropagation: vi.fn(),
  };
  return { event, opened, shown };
}

describe('a document shown from memory on a clinic page', () => {
  it('shows a PDF as a PDF in a new tab', async () => {
    const { event, opened, shown } = clickFromClinicPage();
    viewAcrossOrigins(event, async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(shown[0]?.type).toBe('application/pdf');
  });

  it('never gives a type a browser runs (HTML, SVG) the clinic page’s origin: it is saved instead', async () => {
    for (const type of ['text/html', 'image/svg+xml', 'text/html; charset=utf-8', '']) {
      const { event, shown } = clickFromClinicPage();
      viewAcrossOrigins(event, async () => new Blob(['<script>alert(1)</script>'], { type }));
      await vi.waitFor(() => expect(shown).toHaveLength(1));
      expect(shown[0]?.type, type).toBe('application/octet-stream');
      vi.restoreAllMocks();
    }
  });
});
