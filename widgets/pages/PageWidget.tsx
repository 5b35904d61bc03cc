import { useStore } from '@nanostores/react';
import { useQuietStore } from '../../src/stores/useQuietStore';
import type { WidgetProps, SharedWidgetProps } from '../../src/element/define-widget';
import { textOr } from '../../src/i18n/i18n';
import { useT } from '../../src/i18n/useT';
import { $radiologyConfig } from '../../src/stores/config.store';
import { isPending } from '../../src/stores/loadable';
import { SafeHtml } from '../../src/ui/SafeHtml';
import { $contactClinics, $terms } from './pages.store';

export type InfoPage = 'about' | 'contact' | 'terms' | 'privacy';

export interface PageWidgetProps extends SharedWidgetProps, WidgetProps {
  page?: InfoPage;
}

/** The provider's information pages of spec 2.4. */
export function PageWidget({ page = 'about' }: PageWidgetProps) {
  const t = useT();
  const radiology = useQuietStore($radiologyConfig);
  if (!radiology) return <p role="status">{t('message.loading')}</p>;

  switch (page) {
    case 'about':
      return (
        <article className="page" part="page">
          <h1>{t('page.about_title', { name: radiology.name })}</h1>
          <SafeHtml html={textOr('radiology.about', radiology.about)} className="page__html" />
        </article>
      );
    case 'contact':
      return <ContactPage html={textOr('radiology.contact', radiology.contact)} />;
    case 'terms':
      return <TermsPage />;
    case 'privacy':
      return (
        <article className="page" part="page">
          <h1>{t('page.privacy_title')}</h1>
          <p>
            <a href={radiology.privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
              {t('page.privacy_link')}
            </a>
          </p>
        </article>
      );
  }
}

function ContactPage({ html }: { html: string }) {
  const t = useT();
  useStore($contactClinics);
  return (
    <article className="page" part="page">
      <h1>{t('page.contact_title')}</h1>
      <SafeHtml html={html} className="page__html" />
    </article>
  );
}

function TermsPage() {
  const t = useT();
  const terms = useStore($terms);
  return (
    <article className="page" part="page" aria-busy={isPending(terms)}>
      <h1>{t('page.terms_title')}</h1>
      {isPending(terms) && <p role="status">{t('page.loading_terms')}</p>}
      {terms.state === 'failed' && <p role="alert">{t(terms.error.messageKey)}</p>}
      {terms.state === 'loaded' && <SafeHtml html={terms.value} className="page__html" />}
    </article>
  );
}
