/** The page's dataLayer, shared by Tag Manager and gtag.js as the vendor's snippets share it. */
export function dataLayer(): unknown[] {
  const page = window as unknown as { dataLayer?: unknown[] };
  page.dataLayer ??= [];
  return page.dataLayer;
}
