import type { SeriesSummary } from '../../../src/api/dicomweb';
import { useT } from '../../../src/i18n/useT';

export interface SeriesStripProps {
  series: SeriesSummary[];
  selected: number;
  thumbnails: Record<string, string>;
  onSelect: (index: number) => void;
}

/** One button per series with its thumbnail (a rendered frame), description and image count. */
export function SeriesStrip({ series, selected, thumbnails, onSelect }: SeriesStripProps) {
  const t = useT();
  return (
    <nav className="viewer__series" part="series" aria-label={t('image_viewer.series')}>
      <ul>
        {series.map((item, index) => {
          const thumbnail = thumbnails[item.seriesInstanceUID];
          return (
            <li key={item.seriesInstanceUID}>
              <button
                type="button"
                aria-current={index === selected}
                onClick={() => onSelect(index)}
                part="series-button"
              >
                <span className="viewer__thumb">
                  {thumbnail && <img src={thumbnail} alt="" width="64" height="64" />}
                </span>
                <span className="viewer__series-text">
                  {t('image_viewer.series_label', {
                    description: item.seriesDescription || item.modality,
                    modality: item.modality,
                    count: item.instanceCount ?? 0,
                  })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
