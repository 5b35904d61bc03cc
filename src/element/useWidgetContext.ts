import { useEffect } from 'react';
import { setApiBase } from '../api/client';
import { setLocale } from '../stores/locale.store';

export interface WidgetContextProps {
  /** Origin of the provider's API when the element sits on a clinic's site. */
  apiBase?: string;
  locale?: string;
}

/**
 * Applies the attributes every widget shares. Elements on one page share one
 * API base and one locale, because they share the core modules.
 */
export function useWidgetContext({ apiBase, locale }: WidgetContextProps): void {
  useEffect(() => {
    if (apiBase !== undefined) setApiBase(apiBase);
  }, [apiBase]);
  useEffect(() => {
    if (locale) void setLocale(locale);
  }, [locale]);
}
