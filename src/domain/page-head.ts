/**
 * What the portal's host page tells search engines and social sites (spec 3
 * "App configuration": metaTitle, metaDescription, metaFbDescription,
 * metaKeywords, searchEngineVerificationEnabled and -Id; R-3-01, R-3-02).
 * One rule for the server, which writes it into the HTML for crawlers that
 * run no JavaScript, and for the host page, which keeps the head in step.
 * Both mark the tags they manage with `data-imaging-head`.
 */
import type { AppConfig, RadiologyConfig } from '../contract/portal';

/** One `<meta>`: by `name` (description, keywords…) or by `property` (Open Graph). */
export interface HeadMeta {
  key: 'name' | 'property';
  value: string;
  content: string;
}

export interface PageHead {
  title: string;
  meta: HeadMeta[];
}

type HeadConfig = {
  app: Pick<
    AppConfig,
    | 'metaTitle'
    | 'metaDescription'
    | 'metaFbDescription'
    | 'metaKeywords'
    | 'searchEngineVerificationEnabled'
    | 'searchEngineVerificationId'
  >;
  radiology: Pick<RadiologyConfig, 'name'>;
};

/** The title (metaTitle, else the provider's name) and the meta tags that have content. */
export function pageHead({ app, radiology }: HeadConfig): PageHead {
  const title = app.metaTitle.trim() || radiology.name.trim();
  const meta: HeadMeta[] = [
    { key: 'name', value: 'description', content: app.metaDescription },
    { key: 'name', value: 'keywords', content: app.metaKeywords },
    { key: 'property', value: 'og:title', content: title },
    { key: 'property', value: 'og:description', content: app.metaFbDescription },
    {
      key: 'name',
      value: 'google-site-verification',
      content: app.searchEngineVerificationEnabled ? app.searchEngineVerificationId : '',
    },
  ];
  return {
    title,
    meta: meta.map((m) => ({ ...m, content: m.content.trim() })).filter((m) => m.content),
  };
}
