/**
 * The visitor's consent to analytics, when the provider requires it
 * (analyticsConsentRequired): the host page's consent banner says it by
 * the `data-imaging-consent` attribute of its <html> element, a list of
 * purposes ("analytics"). It is state, not an event, so a choice made
 * before the portal's scripts arrive is not missed, and withdrawing it
 * (removing the word) stops further events.
 */
export const CONSENT_ATTRIBUTE = 'data-imaging-consent';
export const ANALYTICS_PURPOSE = 'analytics';

export function analyticsConsented(root: Element = document.documentElement): boolean {
  return (root.getAttribute(CONSENT_ATTRIBUTE) ?? '').split(/\s+/).includes(ANALYTICS_PURPOSE);
}

/** Calls `changed` whenever the attribute changes; returns the way to stop. */
export function watchConsent(
  changed: () => void,
  root: Element = document.documentElement,
): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(root, { attributes: true, attributeFilter: [CONSENT_ATTRIBUTE] });
  return () => observer.disconnect();
}
