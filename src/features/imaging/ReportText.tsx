import type { Report } from '../../contract/imaging';
import { formatInstant } from '../../domain/imaging/format';
import { useT } from '../../i18n/useT';

export interface ReportTextProps {
  report: Report;
  locale: string;
  /** The heading level of the report's sections (the page's own title is h1). */
  level?: 3 | 4;
}

/** Splits the radiologist's lines into paragraphs, so a screen reader pauses between them. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split('\n')
        .filter((line) => line.trim())
        .map((line, index) => (
          <p key={index}>{line}</p>
        ))}
    </>
  );
}

/**
 * The radiologist's report as readable text: impression first (what a busy
 * referrer and an anxious patient look for), then findings, technique and
 * clinical history, the radiologist and when it was finalised.
 */
export function ReportText({ report, locale, level = 3 }: ReportTextProps) {
  const t = useT();
  const Heading = `h${level}` as const;
  const sections: [string, string][] = [
    ['report.impression', report.impression],
    ['report.findings', report.findings],
    ['report.technique', report.technique],
    ['report.clinical_history', report.clinicalHistory],
  ];
  return (
    <div className="report-text" part="report-text" data-status={report.reportStatus}>
      <p className="report-text__status">
        <span className="badge" data-status={report.reportStatus}>
          {t(`report.status_${report.reportStatus}`)}
        </span>
      </p>
      {sections
        .filter(([, text]) => text.trim())
        .map(([key, text]) => (
          <section
            key={key}
            className={`report-text__section report-text__section--${key.split('.')[1]}`}
          >
            <Heading>{t(key)}</Heading>
            <Paragraphs text={text} />
          </section>
        ))}
      <p className="report-text__signature">
        {t('report.reported_by', { name: report.radiologistName })}
        {report.finalisedAt && (
          <>
            <br />
            {t('report.finalised_at', { date: formatInstant(report.finalisedAt, locale) })}
          </>
        )}
      </p>
    </div>
  );
}
