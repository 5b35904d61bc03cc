import type { PainScore } from '../../../src/contract/imaging';
import { formatInstant } from '../../../src/domain/imaging/format';
import { PAIN_SCALE, painBand } from '../../../src/domain/imaging/pain-score';
import { useT } from '../../../src/i18n/useT';

/**
 * The patient's pain scores (spec 2.4 "pain score"), as recorded before and
 * after the scan: each says its moment, its score out of 10 and the score in
 * words; the bar beside it only repeats that (hidden from screen readers).
 */
export function PainScores({
  scores,
  locale,
  timeZone,
}: {
  scores: PainScore[];
  locale: string;
  /** The clinic's zone, as the appointment's own time is shown. */
  timeZone?: string;
}) {
  const t = useT();
  return (
    <section className="results-section" part="pain-scores" aria-labelledby="pain-scores-title">
      <h3 id="pain-scores-title">{t('results.pain_scores')}</h3>
      {scores.length === 0 ? (
        <p className="notice">{t('results.no_pain_scores')}</p>
      ) : (
        <>
          <p className="results-section__hint" part="pain-scale">
            {t('results.pain_scale', { min: PAIN_SCALE.min, max: PAIN_SCALE.max })}
          </p>
          <ul className="pain-scores">
            {scores.map((score) => (
              <li
                key={`${score.type}-${score.recordedAt}`}
                className="pain-scores__item"
                data-type={score.type}
                data-score={score.score}
              >
                <span className="pain-scores__label">{t(`results.pain_score_${score.type}`)}</span>
                <span className="pain-scores__value">
                  <meter
                    min={PAIN_SCALE.min}
                    max={PAIN_SCALE.max}
                    low={PAIN_SCALE.mildUpTo + 0.5}
                    high={PAIN_SCALE.moderateUpTo + 0.5}
                    optimum={PAIN_SCALE.min}
                    value={score.score}
                    aria-hidden="true"
                  />
                  <strong>{t('results.pain_score_value', { score: score.score })}</strong>
                  <span>{t(`results.pain_band_${painBand(score.score)}`)}</span>
                </span>
                <span className="pain-scores__when">
                  {formatInstant(score.recordedAt, locale, timeZone)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
