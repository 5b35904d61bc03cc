/** Provider assets: translations and application images (spec 7). */
import type { ApplicationAsset, TranslationBundle } from '../contract/portal';
import { api, getApiBase, type CallOptions } from './client';

/** GET /api/assets/translations?lang= : the provider's bundle for a locale (R-7-calls-02). */
export function getTranslations(
  lang: string,
  options: CallOptions = {},
): Promise<TranslationBundle> {
  return api<TranslationBundle>('/api/assets/translations', {
    query: { lang },
    signal: options.signal,
  });
}

/**
 * The URL of an application image (R-7-calls-04), for `<img src>`; it
 * follows setApiBase so elements on a clinic site load the provider's images.
 */
export function assetUrl(name: ApplicationAsset): string {
  return `${getApiBase()}/api/assets/application/${name}`;
}
