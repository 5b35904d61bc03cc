import { t } from '../../src/i18n/i18n';
import { $banner, closeBanner } from '../../src/stores/banner.store';
import { loadConfig } from '../../src/stores/config.store';

/**
 * The embedded-frame banner modal (spec 2.5, R-2.5-25): inside an iframe on
 * a clinic's page there is no room for the frame's banner above the page
 * (and the iframe shell has no frame at all), so the provider's notice
 * (radiology.bannerMessage) opens once as a modal instead. Closing it counts
 * as closing the banner (R-4-kiosk-13) when the provider lets the banner be
 * dismissed; otherwise it shows again on the next page load.
 */
export async function showBannerModal(): Promise<void> {
  const config = await loadConfig();
  const html = config?.radiology.bannerMessage ?? '';
  if (!config || !html || bannerClosed()) return;
  const { default: purify } = await import('dompurify');
  const dialog = buildDialog(purify.sanitize(html, { ADD_ATTR: ['target'] }));
  dialog.addEventListener('close', () => {
    if (config.radiology.closeBanner) closeBanner();
    dialog.remove();
  });
  // A link in the notice (to /contact…) leaves the modal behind it.
  dialog.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a[href]')) dialog.close();
  });
  document.body.append(dialog);
  dialog.showModal();
}

/** Whether the banner was closed in this browser session (subscribing mounts the store, which reads it). */
function bannerClosed(): boolean {
  let closed = false;
  $banner.subscribe((state) => (closed = state.closeBanner))();
  return closed;
}

function buildDialog(cleanHtml: string): HTMLDialogElement {
  const dialog = document.createElement('dialog');
  dialog.className = 'banner-modal';
  dialog.setAttribute('aria-labelledby', 'banner-modal-title');
  dialog.setAttribute('aria-describedby', 'banner-modal-message');
  const title = document.createElement('h2');
  title.id = 'banner-modal-title';
  title.textContent = t('banner.label');
  const message = document.createElement('div');
  message.id = 'banner-modal-message';
  message.className = 'banner-modal__message';
  message.innerHTML = cleanHtml; // sanitised by DOMPurify above
  const form = document.createElement('form');
  form.method = 'dialog';
  const close = document.createElement('button');
  close.className = 'banner-modal__close';
  close.textContent = t('banner.close');
  close.autofocus = true;
  form.append(close);
  dialog.append(title, message, form);
  return dialog;
}
