import { reportPdfUrl } from '../../../src/api/imaging';
import { formatInstant } from '../../../src/domain/imaging/format';
import { ReportText } from '../../../src/features/imaging/ReportText';
import { ViewerEmbed } from '../../../src/features/imaging/ViewerEmbed';
import { useT } from '../../../src/i18n/useT';
import { downloadAcrossOrigins } from '../../../src/ui/download-across-origins';
import { reportPdfFile, type AppointmentResults } from '../results.store';
import { AccessNotice } from './AccessNotice';
import { PainScores } from './PainScores';

/** One appointment's results: access, report with its PDF, pain scores and images. */
export function ResultCard({ results, locale }: { results: AppointmentResults; locale: string }) {
  const t = useT();
  const { appointment, access, released } = results;
  const titleId = `results-${appointment.slug}`;
  const images = released?.importReady;
  return (
    <article
      className="results-card"
      part="results-card"
      data-state={access.state}
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>
        {t('results.exam_on', {
          exam: appointment.examName,
          date: formatInstant(appointment.date, locale, appointment.timeZone),
        })}
      </h2>
      <p className="results-card__clinic">{appointment.clinicName}</p>
      <AccessNotice access={access} locale={locale} timeZone={appointment.timeZone} />
      {released && (
        <>
          {released.reports.map((report) => (
            <section
              key={report.accessionNumber}
              className="results-section"
              part="report"
              aria-labelledby={`report-${report.accessionNumber}`}
            >
              <div className="results-section__head">
                <h3 id={`report-${report.accessionNumber}`}>{t('report.title')}</h3>
                <a
                  className="button"
                  part="report-pdf"
                  href={reportPdfUrl(appointment.slug, report.accessionNumber)}
                  download={`report-${report.accessionNumber}.pdf`}
                  onClick={(event) =>
                    downloadAcrossOrigins(
                      event,
                      () => reportPdfFile(appointment.slug, report.accessionNumber),
                      `report-${report.accessionNumber}.pdf`,
                    )
                  }
                >
                  {t('report.download_pdf')}
                </a>
              </div>
              <ReportText report={report} locale={locale} level={4} />
            </section>
          ))}
          <PainScores
            scores={released.painScores}
            locale={locale}
            timeZone={appointment.timeZone}
          />
          <section className="results-section" part="images" aria-labelledby={`images-${titleId}`}>
            <h3 id={`images-${titleId}`}>{t('image_viewer.images')}</h3>
            {images && !images.importReady && (
              <p className="notice notice--info" role="status" part="import-pending">
                {t('results.import_pending')}
              </p>
            )}
            {images?.importReady !== false && !released.viewerUrl && (
              <p className="notice notice--warning" role="status" part="warning">
                {t('image_viewer.images_not_available')}
              </p>
            )}
            {released.viewerUrl && (
              <>
                <p className="results-section__hint">{t('results.images_hint')}</p>
                <ViewerEmbed url={released.viewerUrl} examName={appointment.examName} />
              </>
            )}
          </section>
        </>
      )}
    </article>
  );
}
