import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { absoluteAttachmentUrl, getLinkedFile } from '../../api/attachments';
import type { Attachment } from '../../contract/attachments';
import { isImageType, isPdfType } from '../../domain/attachments/referral-file';
import { clampScale, MIN_SCALE, wheelScale } from '../../domain/attachments/zoom';
import { useT } from '../../i18n/useT';
import { downloadAcrossOrigins, viewAcrossOrigins } from '../../ui/download-across-origins';
import { Modal } from '../../ui/Modal';
import { useAdoptedCss } from '../../ui/upload/useAdoptedCss';
import attachmentsCss from './attachments.css?inline';
import { registerAttachmentTexts } from '../../i18n/attachments-texts';
import { useLinkedImage } from './useLinkedImage';
import { ZoomableImage } from './ZoomableImage';

registerAttachmentTexts();

export interface AttachmentViewerProps {
  open: boolean;
  items: readonly Attachment[];
  /** The item shown first. */
  startIndex?: number;
  /** Defaults to attachments.viewer_title; the booking-request 'view referral' uses e-referral. */
  title?: string;
  onClose: () => void;
}

const ZOOM_IN = -1;
const ZOOM_OUT = 1;

/**
 * The attachment viewer of spec 2.5: a carousel that moves only when asked
 * (no auto-advance, R-2.5-16), with the document type's title and description
 * (R-2.5-13), a download link per item (R-2.5-11), a PDF link plus a View link
 * for PDFs (R-2.5-12) and zoomable images at most 600 px high (R-2.5-14/15).
 * Keys: ArrowLeft / ArrowRight move, + and − zoom, 0 fits, Escape closes.
 */
export function AttachmentViewer({
  open,
  items,
  startIndex = 0,
  title,
  onClose,
}: AttachmentViewerProps) {
  const t = useT();
  const body = useRef<HTMLDivElement>(null);
  useAdoptedCss(body, attachmentsCss);
  const [index, setIndex] = useState(startIndex);
  const [scale, setScale] = useState(MIN_SCALE);
  const count = items.length;
  const current = items[Math.min(index, count - 1)];

  useEffect(() => {
    if (open) setIndex(Math.min(Math.max(startIndex, 0), Math.max(count - 1, 0)));
  }, [open, startIndex, count]);
  useEffect(() => setScale(MIN_SCALE), [index]);

  const move = (step: number) => {
    if (count < 2) return;
    setIndex((value) => (value + step + count) % count);
  };
  const zoom = (direction: number) => setScale((value) => wheelScale(value, direction));

  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => move(-1),
      ArrowRight: () => move(1),
      '+': () => zoom(ZOOM_IN),
      '=': () => zoom(ZOOM_IN),
      '-': () => zoom(ZOOM_OUT),
      '0': () => setScale(MIN_SCALE),
    };
    const action = keys[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  };
  const keyHandler = useRef(onKeyDown);
  keyHandler.current = onKeyDown;

  // The keys work wherever the focus is in the dialog, its close button included.
  useEffect(() => {
    const dialog = body.current?.closest('dialog');
    if (!open || !dialog) return;
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    dialog.addEventListener('keydown', listener);
    return () => dialog.removeEventListener('keydown', listener);
  }, [open, count]);

  const image = current && isImageType(current.contentType);
  const pdf = current && isPdfType(current.contentType);
  const download = current ? absoluteAttachmentUrl(current.downloadUrl) : '';
  const view = current ? absoluteAttachmentUrl(current.viewUrl) : '';
  // On a clinic's page the links would open without the session (download-across-origins.ts).
  const shown = useLinkedImage(image ? view : null);
  const save = (event: MouseEvent<HTMLAnchorElement>) =>
    downloadAcrossOrigins(event, () => getLinkedFile(download), current?.fileName ?? 'document');

  return (
    <Modal open={open} title={title ?? t('attachments.viewer_title')} onClose={onClose}>
      {current && (
        <div ref={body} className="viewer" part="attachment-viewer">
          <p className="viewer__position" aria-live="polite" aria-atomic="true">
            {t('attachments.viewer_slide', {
              index: index + 1,
              count,
              fileName: current.fileName,
            })}
          </p>
          <figure
            className="viewer__slide"
            data-index={index}
            role="group"
            aria-roledescription="slide"
            aria-label={current.fileName}
          >
            <h3 className="viewer__type">{current.documentType.title}</h3>
            {current.documentType.description && (
              <p className="viewer__description">{current.documentType.description}</p>
            )}
            {image && shown && (
              <ZoomableImage
                key={current.id}
                src={shown}
                alt={`${current.documentType.title}: ${current.fileName}`}
                scale={scale}
                onScaleChange={(value) => setScale(clampScale(value))}
              />
            )}
            <figcaption className="viewer__links">
              {pdf ? (
                <>
                  <a
                    className="viewer__pdf"
                    href={download}
                    download={current.fileName}
                    onClick={save}
                  >
                    {t('attachments.pdf', { fileName: current.fileName })}
                  </a>
                  <a
                    className="button"
                    href={view}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={(event) => viewAcrossOrigins(event, () => getLinkedFile(view))}
                    aria-label={t('attachments.view_pdf_named', { fileName: current.fileName })}
                  >
                    {t('attachments.view_pdf')}
                  </a>
                </>
              ) : (
                <a
                  className="button"
                  data-variant="ghost"
                  href={download}
                  download={current.fileName}
                  onClick={save}
                  aria-label={t('attachments.download_named', { fileName: current.fileName })}
                >
                  {t('attachments.download')}
                </a>
              )}
            </figcaption>
          </figure>
          <div className="viewer__controls">
            {image && (
              <div className="viewer__zoom-buttons">
                <button
                  type="button"
                  className="button"
                  data-variant="ghost"
                  onClick={() => zoom(ZOOM_OUT)}
                  aria-label={t('attachments.viewer_zoom_out')}
                >
                  −
                </button>
                <span className="viewer__zoom-level" aria-live="polite">
                  {t('attachments.viewer_zoom_level', { percent: Math.round(scale * 100) })}
                </span>
                <button
                  type="button"
                  className="button"
                  data-variant="ghost"
                  onClick={() => zoom(ZOOM_IN)}
                  aria-label={t('attachments.viewer_zoom_in')}
                >
                  +
                </button>
                <button
                  type="button"
                  className="button"
                  data-variant="ghost"
                  onClick={() => setScale(MIN_SCALE)}
                >
                  {t('attachments.viewer_zoom_reset')}
                </button>
              </div>
            )}
            {count > 1 && (
              <div className="viewer__nav">
                <button
                  type="button"
                  className="button"
                  data-variant="ghost"
                  onClick={() => move(-1)}
                >
                  <span aria-hidden="true">‹ </span>
                  {t('attachments.viewer_previous')}
                </button>
                <button
                  type="button"
                  className="button"
                  data-variant="ghost"
                  onClick={() => move(1)}
                  data-autofocus
                >
                  {t('attachments.viewer_next')}
                  <span aria-hidden="true"> ›</span>
                </button>
              </div>
            )}
          </div>
          {(image || count > 1) && (
            <p className="field__hint viewer__keys">{t('attachments.viewer_keys')}</p>
          )}
        </div>
      )}
    </Modal>
  );
}
