import { useMemo, useSyncExternalStore } from 'react';

interface SafeHtmlProps {
  html: string;
  className?: string;
  part?: string;
}

type Sanitize = (html: string) => string;

/**
 * DOMPurify loads on first use, outside the first-load bundle of the frame
 * (the frame's 100 kB first-load budget, checked by npm run bench); until it arrives nothing unsanitised is ever rendered.
 */
let sanitize: Sanitize | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadSanitizer(): Promise<void> {
  loading ??= import('dompurify').then(({ default: purify }) => {
    sanitize = (html) => purify.sanitize(html, { ADD_ATTR: ['target'] });
    listeners.forEach((notify) => notify());
  });
  return loading;
}

function useSanitizer(): Sanitize | null {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      void loadSanitizer();
      return () => listeners.delete(notify);
    },
    () => sanitize,
    () => null,
  );
}

/** Renders configuration HTML after DOMPurify has removed scripts and handlers. */
export function SafeHtml({ html, className, part }: SafeHtmlProps) {
  const purify = useSanitizer();
  const clean = useMemo(() => (purify ? purify(html) : ''), [purify, html]);
  return (
    <div
      className={className}
      part={part}
      aria-busy={purify ? undefined : true}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
