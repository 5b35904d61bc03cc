import { afterEach, describe, expect, it, vi } from 'vitest';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

async function fresh() {
  vi.resetModules();
  return import('./banner.store');
}

afterEach(() => vi.unstubAllGlobals());

describe('banner store (R-2.3-02, R-4-kiosk-13)', () => {
  it('the banner starts open', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const { $banner } = await fresh();
    expect($banner.get().closeBanner).toBe(false);
  });

  it('closing the banner sets closeBanner true and remembers it for the session', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    const { $banner, closeBanner } = await fresh();
    closeBanner();
    expect($banner.get().closeBanner).toBe(true);
    expect(storage.getItem('imaging-portal.closeBanner')).toBe('true');
  });

  it('a banner closed earlier in the session stays closed', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage({ 'imaging-portal.closeBanner': 'true' }));
    const { $banner } = await fresh();
    expect($banner.get().closeBanner).toBe(true);
  });

  it('works without sessionStorage, or when the page may not use it', async () => {
    vi.stubGlobal('sessionStorage', undefined);
    const withNone = await fresh();
    withNone.closeBanner();
    expect(withNone.$banner.get().closeBanner).toBe(true);

    const denied = memoryStorage();
    denied.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    denied.setItem = denied.getItem;
    vi.stubGlobal('sessionStorage', denied);
    const withDenied = await fresh();
    expect(withDenied.$banner.get().closeBanner).toBe(false);
    withDenied.closeBanner();
    expect(withDenied.$banner.get().closeBanner).toBe(true);
  });
});
