import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/useT';

export interface ModalProps {
  open: boolean;
  title: string;
  /** Called when the user closes it (Escape, the close button, the backdrop). */
  onClose: () => void;
  /** R-4-slots-07: a static modal closes only through its own buttons: no Escape, no backdrop, no ×. */
  static?: boolean;
  /** Buttons at the foot. */
  actions?: ReactNode;
  /** lg (the default, spec 9 "Modal size default lg"), sm, md or xl (a questionnaire's modalSize). */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** A role=alertdialog for errors that need an answer. */
  alert?: boolean;
  children?: ReactNode;
}

/**
 * A modal on the native `<dialog>` with showModal(): the top layer, the
 * rest of the page inert (the focus trap) and focus returned on close come
 * from the browser. Mark the element that should take focus first with
 * `data-autofocus`. It renders where it is declared, so it stays inside
 * the widget's shadow root and keeps its styles.
 */
export function Modal({
  open,
  title,
  onClose,
  static: isStatic = false,
  actions,
  size = 'lg',
  alert = false,
  children,
}: ModalProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs before showModal(), which then moves focus to the first button.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      // A busy phone may paint the dialog's fields a frame later (texts, config): try again then.
      requestAnimationFrame(() => focusInside(dialog));
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // An open modal never leaves the keyboard focus outside itself, even when a
  // re-render replaced the focused field.
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog?.open) focusInside(dialog);
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (!isStatic) onCloseRef.current();
    };
    // Chrome may close a dialog on a second Escape despite preventDefault on
    // cancel (CloseWatcher abuse rule): a static modal that is still wanted reopens.
    const onNativeClose = () => {
      if (isStatic && open) dialog.showModal();
      else if (open) onCloseRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isStatic) event.preventDefault();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('keydown', onKeyDown);
    };
  }, [isStatic, open]);

  const onBackdrop = (event: React.MouseEvent<HTMLDialogElement>) => {
    if (!isStatic && event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={ref}
      className="modal"
      data-size={size}
      data-state={open ? 'open' : 'closed'}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      aria-modal="true"
      part="modal"
      onClick={onBackdrop}
    >
      {open && (
        <div className="modal__panel">
          <header className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            {!isStatic && (
              <button
                type="button"
                className="modal__close"
                onClick={onClose}
                aria-label={t('action.close')}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </header>
          <div id={bodyId} className="modal__body">
            {children}
          </div>
          {actions && <footer className="modal__actions">{actions}</footer>}
        </div>
      )}
    </dialog>
  );
}

/** Focuses the dialog's [data-autofocus] field unless the focus is already inside an open dialog. */
function focusInside(dialog: HTMLDialogElement): void {
  if (!dialog.open) return;
  const root = dialog.getRootNode() as Document | ShadowRoot;
  const active = root.activeElement;
  // Inside this dialog, or inside another open one (a confirmation on top of it): leave it.
  if (active && active !== dialog && active.closest('dialog[open]')) return;
  dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
}
