import type { ReadableAtom } from 'nanostores';
import { startTransition, useEffect, useState } from 'react';

/**
 * nanostores' useStore for what changes by itself, never under the
 * patient's hands: the configuration, the language. A change re-renders as
 * a transition, which React renders in slices with the page answering in
 * between. Through useSyncExternalStore (useStore) every such change was one
 * synchronous render of all that shows it: on the home page, the
 * configuration arriving after the first render re-rendered the whole frame
 * and booking step in one task, the longest of the start (issue 15 part 3:
 * total blocking time). Not for stores a field or a button changes: those
 * must show the change in the same frame (useStore).
 */
export function useQuietStore<T>(store: ReadableAtom<T>): T {
  const [value, setValue] = useState(() => store.get());
  useEffect(() => {
    // A change between this component's render and now counts too.
    setValue(store.get());
    return store.listen((next) => startTransition(() => setValue(() => next)));
  }, [store]);
  return value;
}
