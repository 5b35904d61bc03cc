import DOMPurify from 'dompurify';
import { useMemo } from 'react';

interface SafeHtmlProps {
  html: string;
  className?: string;
  part?: string;
}

/** Renders configuration HTML after DOMPurify has removed scripts and handlers. */
export function SafeHtml({ html, className, part }: SafeHtmlProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { ADD_ATTR: ['target'] }), [html]);
  return <div className={className} part={part} dangerouslySetInnerHTML={{ __html: clean }} />;
}
