import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../src/i18n/useT';
import { Modal } from '../../../src/ui/Modal';
import type { Redirect } from '../booking-options.store';

/** R-4-slots-19, R-9-22: the redirect modal counts down 5 seconds. */
export const REDIRECT_COUNTDOWN_SECONDS = 5;

interface RedirectModalProps {
  redirect: Redirect;
  onNavigate: (location: string) => void;
  /** Stays here: the countdown can be stopped (WCAG 2.2.1). */
  onCancel: () => void;
}

/**
 * R-2.5-06, R-4-slots-19: explains where the patient is going and counts
 * down visibly; at zero (or on "Go now") it navigates. The seconds left are
 * announced once, not every second.
 */
export function RedirectModal({ redirect, onNavigate, onCancel }: RedirectModalProps) {
  const t = useT();
  const [left, setLeft] = useState(REDIRECT_COUNTDOWN_SECONDS);
  const navigate = useRef(onNavigate);
  navigate.current = onNavigate;

  useEffect(() => {
    setLeft(REDIRECT_COUNTDOWN_SECONDS);
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = REDIRECT_COUNTDOWN_SECONDS - Math.floor((Date.now() - started) / 1000);
      setLeft(Math.max(remaining, 0));
      if (remaining <= 0) {
        clearInterval(timer);
        navigate.current(redirect.location);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [redirect]);

  return (
    <Modal
      open
      size="sm"
      title={t('booking.redirect.title')}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button" data-variant="ghost" onClick={onCancel}>
            {t('booking.redirect.stay')}
          </button>
          <button
            type="button"
            className="button"
            data-autofocus
            onClick={() => onNavigate(redirect.location)}
          >
            {t('booking.redirect.go_now')}
          </button>
        </>
      }
    >
      <p className="modal__text">{t(redirect.messageKey)}</p>
      <p className="modal__text redirect__countdown" aria-live="off" data-seconds={left}>
        {t('booking.redirect.countdown', { count: left })}
      </p>
    </Modal>
  );
}
