import { useEffect, useRef, type PointerEvent } from 'react';
import type { SignaturepadElement } from '../../../contract/questionnaire-format';
import { useT } from '../../../i18n/useT';
import type { QuestionPartProps } from '../types';

const DRAWN = /^data:image\/png;base64,/;

/** Whether a signature answer was drawn (a PNG data URL) rather than typed. */
export function isDrawnSignature(value: unknown): value is string {
  return typeof value === 'string' && DRAWN.test(value);
}

/**
 * `signaturepad`: a canvas drawn on with pointer events (finger, pen or
 * mouse), and beside it a "type your full name" input for keyboard and
 * screen-reader users. Either one answers the question: the drawing is
 * stored as a PNG data URL, the typed name as text; the last one used wins.
 */
export function SignaturePad(props: QuestionPartProps<SignaturepadElement>) {
  const { value, onChange, labelId, describedBy, required, disabled, invalid, idPrefix } = props;
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const drawn = isDrawnSignature(value);
  const typed = typeof value === 'string' && !drawn ? value : '';

  // Fits the bitmap to the shown size (sharp on high-density screens) and redraws a kept drawing.
  useEffect(() => {
    const pad = canvas.current;
    if (!pad) return;
    const ratio = window.devicePixelRatio || 1;
    const width = pad.clientWidth || 400;
    const height = pad.clientHeight || 160;
    pad.width = Math.round(width * ratio);
    pad.height = Math.round(height * ratio);
    const context = pad.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (isDrawnSignature(value)) {
      const image = new Image();
      image.onload = () => context.drawImage(image, 0, 0, width, height);
      image.src = value;
    }
    // Only on mount (later strokes are already on the canvas), hence no dependencies.
  }, []);

  const clearCanvas = () => {
    const pad = canvas.current;
    const context = pad?.getContext('2d');
    if (pad && context) {
      context.save();
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, pad.width, pad.height);
      context.restore();
    }
  };

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (!drawn) clearCanvas();
    drawing.current = true;
    last.current = point(event);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const next = point(event);
    context.strokeStyle = '#1b1f24';
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.beginPath();
    context.moveTo(last.current.x, last.current.y);
    context.lineTo(next.x, next.y);
    context.stroke();
    last.current = next;
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    last.current = null;
    onChange(event.currentTarget.toDataURL('image/png'));
  };

  const clear = () => {
    clearCanvas();
    onChange(undefined);
  };

  const typedId = `${idPrefix}-typed`;
  const hintId = `${idPrefix}-typed-hint`;
  return (
    <div className="signature" part="signature">
      <p className="field__hint">{t('questionnaire.signature.draw')}</p>
      <canvas
        ref={canvas}
        className="signature__pad"
        role="img"
        aria-label={t('questionnaire.signature.pad')}
        data-drawn={drawn ? 'true' : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
      <div className="signature__tools">
        <span className="signature__status" role="status">
          {drawn ? t('questionnaire.signature.drawn') : ''}
        </span>
        <button
          type="button"
          className="button"
          data-variant="ghost"
          onClick={clear}
          disabled={disabled || !drawn}
        >
          {t('questionnaire.signature.clear')}
        </button>
      </div>
      <div className="field field--inline">
        <label className="field__label" htmlFor={typedId}>
          {t('questionnaire.signature.or_type')}
        </label>
        <p className="field__hint" id={hintId}>
          {t('questionnaire.signature.typed_hint')}
        </p>
        <input
          id={typedId}
          className="field__input question__input"
          type="text"
          autoComplete="name"
          value={typed}
          disabled={disabled}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          data-labelled-by={labelId}
          onChange={(event) => {
            const text = event.currentTarget.value;
            if (drawn) clearCanvas();
            onChange(text.trim() === '' ? undefined : text);
          }}
        />
      </div>
    </div>
  );
}
