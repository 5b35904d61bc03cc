import { startTransition, useCallback, useEffect, useState } from 'react';
import { $i18nVersion, t, type Translate } from './i18n';

/**
 * The translate function for a component. Its identity changes only when the
 * texts change, so components and memoised children re-render then and only
 * then.
 *
 * New texts (the provider's bundle arriving after the first render, a
 * language chosen) re-render every component that shows text: as a
 * transition, which React renders in slices with the page answering in
 * between, not as one task. Through useSyncExternalStore (nanostores'
 * useStore) it was always one synchronous render of the whole page, and on
 * the home page the longest task of the start (issue 15 part 3: total
 * blocking time).
 */
export function useT(): Translate {
  const [version, setVersion] = useState($i18nVersion.get);
  useEffect(() => {
    // Texts that changed between this component's render and now count too.
    setVersion($i18nVersion.get());
    return $i18nVersion.listen((next) => startTransition(() => setVersion(next)));
  }, []);
  // `version` is the dependency on purpose: t reads the texts of that version.
  return useCallback<Translate>((key, params) => t(key, params), [version]);
}
