import type { QuickReport } from '../../contract/imaging';
import { formatDay, personName } from '../../domain/imaging/format';
import { useT } from '../../i18n/useT';

/** The patient and the exam, the first thing a referrer checks (R-1-04). */
export function StudySummary({ study, locale }: { study: QuickReport; locale: string }) {
  const t = useT();
  const rows: [string, string][] = [
    ['image_viewer.patient', personName(study.patientName)],
    ['image_viewer.date_of_birth', formatDay(study.dateOfBirth, locale)],
    ['image_viewer.exam', study.examName],
    ['image_viewer.study_date', formatDay(study.studyDate, locale)],
    ['image_viewer.clinic', study.clinicName],
    ['image_viewer.accession', study.accessionNumber],
  ];
  return (
    <dl className="study-summary" part="study">
      {rows.map(([key, value]) => (
        <div key={key} className="study-summary__row">
          <dt>{t(key)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
