import { useEffect, useReducer } from 'react';

/** The page's open modal dialog (the frame's banner modal, R-2.5-25), if any. */
function openModalOfPage(): HTMLDialogElement | null {
  if (typeof document === 'undefined') return null;
  for (const dialog of document.querySelectorAll('dialog[open]')) {
    try {
      if (dialog.matches(':modal')) return dialog as HTMLDialogElement;
    } catch {
      // A DOM without :modal has no top layer to share.
    }
  }
  return null;
}

/**
 * One modal at a time: `wanted` while no other modal dialog of the page is
 * open, and once it closes. A modal that opens by itself (the can't-locate
 * question when the clinic step opens in a frame that may not locate) would
 * otherwise cover the frame's banner modal, or lie under it, depending on
 * which came first.
 */
export function useAfterOtherModals(wanted: boolean): boolean {
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  const blocker = wanted ? openModalOfPage() : null;
  useEffect(() => {
    if (!blocker) return;
    blocker.addEventListener('close', recheck);
    return () => blocker.removeEventListener('close', recheck);
  }, [blocker]);
  return wanted && !blocker;
}
