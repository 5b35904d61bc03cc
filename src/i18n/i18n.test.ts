import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh i18n module per test: it keeps the current texts in module state. */
async function freshI18n() {
  vi.resetModules();
  return import('./i18n');
}

describe('i18n instance', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('works before any init, in English (Australia)', async () => {
    const { t, getLocale } = await freshI18n();
    expect(t('message.loading')).toBe('Loading…');
    expect(getLocale()).toBe('en-AU');
  });

  it('R-8-37: message.inactivity_text takes the seconds', async () => {
    const { t } = await freshI18n();
    expect(t('message.inactivity_text', { seconds: 7 })).toBe(
      'You have been inactive. You will be returned to the start in 7 seconds.',
    );
  });

  it('uses message keys verbatim as flat keys and does not HTML-escape values', async () => {
    const { t } = await freshI18n();
    expect(t('footer.copyright', { year: 2026, name: 'Harbour & Hills Imaging' })).toBe(
      '© 2026 Harbour & Hills Imaging',
    );
    expect(t('message.no_such_key')).toBe('message.no_such_key');
  });

  it('R-8-36: an unsupported locale warns and uses English (Australia)', async () => {
    const { initI18n, t } = await freshI18n();
    expect(initI18n('fr-FR')).toBe('en-AU');
    expect(console.warn).toHaveBeenCalled();
    expect(t('menu.home')).toBe('Home');
  });

  it('R-9-29: Macedonian texts, with en-AU text for keys it does not translate', async () => {
    const { initI18n, t } = await freshI18n();
    initI18n('mk');
    await import('./bundles').then((bundles) => bundles.loadBaseBundle('mk'));
    expect(t('message.loading')).toBe('Се вчитува…');
    expect(t('menu.about', { name: 'Радиологија' })).toBe('За Радиологија');
  });

  it('R-7-calls-03, R-6-03: role translations > provider bundle > base, and role texts go at logout', async () => {
    const { initI18n, applyProviderBundle, applyRoleTranslations, t } = await freshI18n();
    initI18n('en-AU');
    applyProviderBundle('en-AU', { 'menu.home': 'Start', 'menu.contact': 'Talk to us' });
    applyRoleTranslations('{"menu.home":"Doctor home"}');
    expect([t('menu.home'), t('menu.contact'), t('menu.terms')]).toEqual([
      'Doctor home',
      'Talk to us',
      'Terms',
    ]);

    applyRoleTranslations(null);
    expect(t('menu.home')).toBe('Start');
  });

  it('a provider bundle for another locale waits until that locale is used', async () => {
    const { initI18n, applyProviderBundle, t } = await freshI18n();
    initI18n('en-AU');
    applyProviderBundle('mk', { 'menu.home': 'Дома' });
    expect(t('menu.home')).toBe('Home');
    initI18n('mk');
    expect(t('menu.home')).toBe('Дома');
    // The Macedonian texts load lazily: wait for them, or their import outlives the test file.
    await import('./bundles').then((bundles) => bundles.loadBaseBundle('mk'));
  });

  it('$i18nVersion changes when the locale or the bundles change', async () => {
    const { $i18nVersion, initI18n, applyProviderBundle, applyRoleTranslations } =
      await freshI18n();
    const seen: number[] = [];
    const unbind = $i18nVersion.subscribe((version) => seen.push(version));
    initI18n('en-NZ');
    applyProviderBundle('en-NZ', { 'menu.home': 'Kia ora' });
    applyRoleTranslations('{}');
    unbind();
    expect(new Set(seen).size).toBe(4);
  });
});
