import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { $i18nVersion, t, type Translate } from './i18n';

/**
 * The translate function for a component. Its identity changes only when the
 * texts change, so components and memoised children re-render then and only
 * then.
 */
export function useT(): Translate {
  const version = useStore($i18nVersion);
  // `version` is the dependency on purpose: t reads the texts of that version.
  return useCallback<Translate>((key, params) => t(key, params), [version]);
}
