/**
 * The provider's configuration (spec 3), loaded once from
 * GET /api/config/portal when something first reads it.
 */
import { atom, computed, onMount } from 'nanostores';
import { getPortalConfig } from '../api/config';
import type { PortalConfig } from '../contract/portal';
import { isAbortError, toApiError, type ApiError } from '../api/errors';
import { applyProviderLocale } from './locale.store';

export const $config = atom<PortalConfig | null>(null);
export const $configError = atom<ApiError | null>(null);

let loading: Promise<PortalConfig | null> | null = null;

/**
 * Loads the configuration; concurrent callers share one request. On success
 * the provider's language (app.jsLocale, R-1-25) becomes the locale unless
 * an element chose one. On failure $configError holds the error and the
 * promise resolves to null.
 */
export function loadConfig(): Promise<PortalConfig | null> {
  loading ??= getPortalConfig()
    .then((config) => {
      $config.set(config);
      $configError.set(null);
      void applyProviderLocale(config.app.jsLocale);
      return config;
    })
    .catch((error: unknown) => {
      if (!isAbortError(error)) $configError.set(toApiError(error));
      return null;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

// Lazy: the first reader triggers the load. `.value`, not get(): get() on a
// store that is mounting would mount it again.
onMount($config, () => {
  if ($config.value == null) void loadConfig();
});

export const $appConfig = computed($config, (config) => config?.app ?? null);
export const $integrationConfig = computed($config, (config) => config?.integration ?? null);
export const $bodyFigureConfig = computed($config, (config) => config?.bodyFigure ?? null);
export const $radiologyConfig = computed($config, (config) => config?.radiology ?? null);
export const $applicationConfig = computed($config, (config) => config?.application ?? null);
export const $bookingRequestConfig = computed($config, (config) => config?.bookingRequest ?? null);
export const $bookingFormConfig = computed($config, (config) => config?.bookingForm ?? null);
