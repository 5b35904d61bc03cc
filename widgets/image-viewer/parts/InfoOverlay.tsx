import type { VoiWindow } from '../../../src/domain/imaging/window-level';
import { useT } from '../../../src/i18n/useT';
import type { InstanceInfo } from '../dicom-decode';

export interface InfoOverlayProps {
  info: InstanceInfo | undefined;
  index: number;
  count: number;
  /** null for colour images (no window). */
  window: VoiWindow | null;
  zoom: number;
  seriesDescription: string;
}

/** DICOM YYYYMMDD as an ISO date (unambiguous in every locale). */
const isoDate = (value: string) =>
  /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : value;

/** The key facts over the image's corners, and the image number the live region announces. */
export function InfoOverlay({
  info,
  index,
  count,
  window,
  zoom,
  seriesDescription,
}: InfoOverlayProps) {
  const t = useT();
  return (
    <>
      <div className="viewer__info viewer__info--start" part="info">
        {info?.patientName && <span>{info.patientName}</span>}
        {info?.studyDate && <span>{isoDate(info.studyDate)}</span>}
        <span>
          {[info?.modality, info?.seriesDescription || seriesDescription]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <div className="viewer__info viewer__info--end" part="info">
        <span className="viewer__count" data-testid="image-count">
          {t('image_viewer.image_count', { n: index + 1, total: count })}
        </span>
        {info?.sliceLocation !== null && info?.sliceLocation !== undefined && (
          <span>
            {t('image_viewer.slice_location', { location: info.sliceLocation.toFixed(1) })}
          </span>
        )}
        {window && (
          <span data-testid="window">
            {t('image_viewer.window_value', {
              width: Math.round(window.width),
              center: Math.round(window.center),
            })}
          </span>
        )}
        <span>{t('image_viewer.zoom_value', { percent: Math.round(zoom * 100) })}</span>
      </div>
      <p id="viewer-position" className="visually-hidden" aria-live="polite" aria-atomic="true">
        {t('image_viewer.image_of', { n: index + 1, total: count })}
      </p>
    </>
  );
}
