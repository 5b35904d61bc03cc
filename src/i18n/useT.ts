import { useCallback } from 'react';
import { useQuietStore } from '../stores/useQuietStore';
import { $i18nVersion, t, type Translate } from './i18n';

/**
 * The translate function for a component. Its identity changes only when the
 * texts change, so components and memoised children re-render then and only
 * then. New texts (the provider's bundle arriving after the first render, a
 * language chosen) re-render as a transition (useQuietStore), not as one
 * synchronous render of every component that shows text (issue 15 part 3).
 */
export function useT(): Translate {
  const version = useQuietStore($i18nVersion);
  // `version` is the dependency on purpose: t reads the texts of that version.
  return useCallback<Translate>((key, params) => t(key, params), [version]);
}
