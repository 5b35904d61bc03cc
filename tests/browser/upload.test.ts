import { sendKeys } from '@web/test-runner-commands';
import { createElement, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { Attachment, AttachmentOwner } from '../../src/contract/attachments';
import { sendDocument } from '../../src/api/upload';
import { AttachmentViewer } from '../../src/features/attachments/AttachmentViewer';
import { UploadReferralModal } from '../../src/features/attachments/UploadReferralModal';
import { FileUpload, type FileUploadProps } from '../../src/ui/upload/FileUpload';
import tokens from '../../src/theme/tokens.css?inline';
import uiCss from '../../src/ui/ui.css?inline';
import { assert, equal, waitFor } from './assert';

declare global {
  function beforeEach(body: () => unknown): void;
}

const VALID = ['application/pdf', 'image/jpeg', 'image/png'];
const OWNER: AttachmentOwner = { kind: 'appointment', slug: 'apt-1' };
const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A stand-in XMLHttpRequest: the test decides when progress, the answer or a failure comes. */
class FakeXhr extends EventTarget {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      new ProgressEvent('progress', { loaded, total, lengthComputable: true }),
    );
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
  }
}

const RealXhr = window.XMLHttpRequest;
let root: Root | null = null;
let host: HTMLElement | null = null;

function render(element: ReactElement): ShadowRoot {
  host = document.createElement('div');
  document.body.append(host);
  const shadowRoot = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`${tokens}\n${uiCss}`);
  shadowRoot.adoptedStyleSheets = [sheet];
  const container = document.createElement('div');
  shadowRoot.append(container);
  root = createRoot(container);
  flushSync(() => root!.render(element));
  return shadowRoot;
}

function renderUpload(props: Partial<FileUploadProps> = {}): ShadowRoot {
  return render(
    createElement(FileUpload, {
      validTypes: VALID,
      onSubmit: (file, options) =>
        sendDocument(OWNER, { documentTypeId: 1, file, fileName: file.name }, options),
      ...props,
    }),
  );
}

function choose(shadowRoot: ShadowRoot, file: File): HTMLInputElement {
  const input = shadowRoot.querySelector<HTMLInputElement>('input[type=file]')!;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  return input;
}

const pdf = (name = 'referral.pdf') =>
  new File(['%PDF-1.4 a referral'], name, { type: 'application/pdf' });
const text = (selector: string, shadowRoot: ShadowRoot) =>
  shadowRoot.querySelector(selector)?.textContent ?? '';
const buttonNamed = (shadowRoot: ShadowRoot, name: string) =>
  waitFor(
    () =>
      [...shadowRoot.querySelectorAll<HTMLButtonElement>('button')].find(
        (b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name,
      ),
    `button "${name}"`,
  );
const lastXhr = () => waitFor(() => FakeXhr.sent.at(-1), 'an upload request');

beforeEach(() => {
  FakeXhr.sent = [];
  window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});

afterEach(() => {
  window.XMLHttpRequest = RealXhr;
  root?.unmount();
  host?.remove();
  root = null;
  host = null;
});

const stored = (id: number, fileName: string, contentType = 'application/pdf'): Attachment => ({
  id,
  attachmentId: id,
  fileName,
  contentType,
  size: 10,
  documentTypeId: 1,
  documentType: { title: 'Referral', description: 'The request form from your doctor' },
  slug: 'mri-knee',
  examIds: [1],
  groupNames: [],
  uploadedDocument: { id, fileName },
  additional: false,
  uploadedAt: '2026-11-22T00:00:00Z',
  downloadUrl: contentType.startsWith('image/') ? PNG_1PX : `/files/${id}/download`,
  viewUrl: contentType.startsWith('image/') ? PNG_1PX : `/files/${id}/view`,
});

describe('upload control (src/ui/upload/FileUpload)', () => {
  it('R-5-12: the accept list comes from validReferralContentTypes', () => {
    const shadowRoot = renderUpload({ validTypes: ['application/pdf'] });
    const input = shadowRoot.querySelector<HTMLInputElement>('input[type=file]')!;
    equal(input.accept, 'application/pdf,.pdf');
    assert(text('.field__hint', shadowRoot).includes('PDF'), 'hint names the allowed types');
  });

  it("R-5-13: a wrong type is refused at once: the 'upload type' message, the 'referral file types', the input cleared", async () => {
    const shadowRoot = renderUpload();
    const input = choose(shadowRoot, new File(['<html>'], 'notes.html', { type: 'text/html' }));
    const alert = await waitFor(() => shadowRoot.querySelector('[role=alert]'), 'the message');
    assert(
      alert.textContent?.includes('This type of file cannot be uploaded.'),
      alert.textContent ?? '',
    );
    assert(alert.textContent?.includes('PDF, JPEG, PNG'), 'lists the referral file types');
    equal(input.value, '', 'input cleared');
    equal(input.files?.length ?? 0, 0, 'no file kept');
    equal(FakeXhr.sent.length, 0, 'nothing sent');
    const choose_ = await buttonNamed(shadowRoot, 'Choose a file');
    assert(
      choose_.getAttribute('aria-describedby')?.includes(alert.id),
      'the message is tied to the control',
    );
  });

  it('R-4-upload-01: a valid file is sent at once; progress events move the bar and its percentage', async () => {
    const shadowRoot = renderUpload();
    choose(shadowRoot, pdf());
    const xhr = await lastXhr();
    equal(xhr.method, 'POST');
    equal(xhr.url, '/api/secured/appointments/apt-1/attachments');
    equal(xhr.withCredentials, true, 'the session cookie goes along');
    equal((xhr.body?.get('file') as File).name, 'referral.pdf');
    equal(xhr.body?.get('documentTypeId'), '1');
    xhr.progress(25, 100);
    const bar = await waitFor(
      () => shadowRoot.querySelector<HTMLProgressElement>('progress[value="25"]'),
      'bar at 25',
    );
    assert(bar.labels[0]?.textContent?.includes('Uploading referral.pdf'), 'bar has a label');
    assert(text('.upload__percent', shadowRoot).includes('25 %'), 'percentage shown');
    xhr.progress(80, 100);
    await waitFor(() => shadowRoot.querySelector('progress[value="80"]'), 'bar at 80');
    xhr.respond(201, stored(7, 'referral.pdf'));
    await waitFor(
      () => text('[role=status]', shadowRoot).includes('referral.pdf is uploaded.'),
      'done',
    );
    equal(shadowRoot.querySelector('progress'), null, 'bar gone');
  });

  it('R-4-upload-02: with a document already uploaded the new file replaces it (PUT)', async () => {
    const shadowRoot = renderUpload({
      current: { fileName: 'old.pdf' },
      onSubmit: (file, options) =>
        sendDocument(OWNER, { documentTypeId: 1, file }, { ...options, attachmentId: 5 }),
    });
    await buttonNamed(shadowRoot, 'Choose a new file');
    choose(shadowRoot, pdf('better.pdf'));
    const xhr = await lastXhr();
    equal(xhr.method, 'PUT');
    equal(xhr.url, '/api/secured/appointments/apt-1/attachments/5');
    xhr.respond(200, stored(5, 'better.pdf'));
    await waitFor(
      () =>
        text('[role=status]', shadowRoot).includes('better.pdf replaced your earlier document.'),
      'replaced',
    );
  });

  it('cancel aborts the upload and says so', async () => {
    const shadowRoot = renderUpload();
    choose(shadowRoot, pdf());
    const xhr = await lastXhr();
    xhr.progress(10, 100);
    (await buttonNamed(shadowRoot, 'Cancel upload')).click();
    await waitFor(() => xhr.aborted, 'request aborted');
    await waitFor(
      () => text('[role=status]', shadowRoot).includes('The upload was cancelled.'),
      'cancelled message',
    );
  });

  it('after a network error the same file can be sent again with Try again', async () => {
    const shadowRoot = renderUpload();
    choose(shadowRoot, pdf('photo-of-referral.pdf'));
    (await lastXhr()).fail();
    const alert = await waitFor(() => shadowRoot.querySelector('[role=alert]'), 'error');
    assert(alert.textContent?.includes('interrupted'), alert.textContent ?? '');
    (await buttonNamed(shadowRoot, 'Try again')).click();
    await waitFor(() => FakeXhr.sent.length === 2, 'second request');
    const retry = FakeXhr.sent[1]!;
    equal((retry.body?.get('file') as File).name, 'photo-of-referral.pdf', 'same file');
    retry.respond(201, stored(8, 'photo-of-referral.pdf'));
    await waitFor(() => text('[role=status]', shadowRoot).includes('is uploaded'), 'done');
  });

  it('a refusal by the server shows its translated message key, offers no retry and keeps the uploaded document', async () => {
    const shadowRoot = renderUpload({ current: { fileName: 'old.pdf' } });
    choose(shadowRoot, pdf('fake.pdf'));
    (await lastXhr()).respond(415, {
      statusCode: 415,
      message: 'message.attachment_type_mismatch',
    });
    const alert = await waitFor(() => shadowRoot.querySelector('[role=alert]'), 'refusal');
    assert(
      alert.textContent?.includes('does not match its name'),
      `translated: ${alert.textContent}`,
    );
    equal(
      [...shadowRoot.querySelectorAll('button')].some((b) => b.textContent === 'Try again'),
      false,
      'no retry for a refused file',
    );
    assert(text('.upload__current', shadowRoot).includes('old.pdf'), 'old document still shown');
  });

  it('keyboard: Tab reaches the choose button and Enter opens the file picker', async () => {
    const shadowRoot = renderUpload();
    const input = shadowRoot.querySelector<HTMLInputElement>('input[type=file]')!;
    let opened = 0;
    input.addEventListener('click', (event) => {
      event.preventDefault();
      opened++;
    });
    const before = document.createElement('button');
    before.textContent = 'before';
    document.body.prepend(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    equal(shadowRoot.activeElement?.textContent, 'Choose a file', 'focus on the choose button');
    await sendKeys({ press: 'Enter' });
    equal(opened, 1, 'file picker opened');
    before.remove();
  });

  it('R-4-upload-05/06: admin-portal mode allows delete and uses the staff wording', async () => {
    let deleted = 0;
    const shadowRoot = renderUpload({
      adminMode: true,
      current: { fileName: 'scan.png' },
      onDelete: async () => {
        deleted++;
      },
    });
    assert(text('.upload__label', shadowRoot).includes('Patient document'), 'admin label');
    assert(text('.upload__current', shadowRoot).includes('On file: scan.png'), 'admin wording');
    (await buttonNamed(shadowRoot, 'Remove from booking')).click();
    await waitFor(() => deleted === 1, 'delete called');
    await waitFor(
      () => text('[role=status]', shadowRoot).includes('removed from the booking'),
      'deleted message',
    );
  });

  it('R-4-upload-05: a patient gets no delete in the control', () => {
    const shadowRoot = renderUpload({
      current: { fileName: 'scan.png' },
      onDelete: async () => {},
    });
    equal(
      [...shadowRoot.querySelectorAll('button')].some((b) =>
        /Delete|Remove/.test(b.textContent ?? ''),
      ),
      false,
    );
  });
});

describe('attachment viewer (spec 2.5)', () => {
  const items = [stored(1, 'photo.png', 'image/png'), stored(2, 'referral.pdf')];

  function renderViewer(onClose: () => void = () => {}) {
    return render(createElement(AttachmentViewer, { open: true, items, onClose }));
  }

  it('R-2.5-11..16: title and description, download link, a PDF link plus View, arrows move, no auto-advance', async () => {
    const shadowRoot = renderViewer();
    const dialog = await waitFor(
      () => shadowRoot.querySelector<HTMLDialogElement>('dialog[open]'),
      'viewer',
    );
    assert(text('.viewer__type', shadowRoot) === 'Referral', 'document type title');
    assert(text('.viewer__description', shadowRoot).includes('request form'), 'description');
    assert(text('.viewer__position', shadowRoot).includes('Document 1 of 2'), 'position');
    const image = shadowRoot.querySelector<HTMLImageElement>('.viewer__image')!;
    equal(getComputedStyle(image).maxHeight, '600px', 'R-2.5-15');
    assert(shadowRoot.querySelector('a[download]'), 'download link for the image');
    await new Promise((r) => setTimeout(r, 600));
    assert(text('.viewer__position', shadowRoot).includes('Document 1 of 2'), 'no auto-advance');
    shadowRoot.querySelector<HTMLButtonElement>('.viewer__nav button')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(
      () => text('.viewer__position', shadowRoot).includes('Document 2 of 2: referral.pdf'),
      'moved to the PDF',
    );
    equal(
      shadowRoot.querySelector('.viewer__position')?.getAttribute('aria-live'),
      'polite',
      'position announced',
    );
    const pdfLink = shadowRoot.querySelector<HTMLAnchorElement>('.viewer__pdf')!;
    assert(pdfLink.href.endsWith('/files/2/download'), 'PDF link downloads');
    const view = [...shadowRoot.querySelectorAll<HTMLAnchorElement>('a')].find(
      (a) => a.textContent === 'View',
    )!;
    assert(view.href.endsWith('/files/2/view') && view.target === '_blank', 'View link');
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(
      () => text('.viewer__position', shadowRoot).includes('Document 1 of 2'),
      'back to the image',
    );
    assert(dialog.open, 'still open');
  });

  it('R-9-37/38: + and - zoom by the factor 0.2 up to 3; wheel and pinch zoom too; Escape closes', async () => {
    let closed = 0;
    const shadowRoot = renderViewer(() => closed++);
    const zoom = await waitFor(
      () => shadowRoot.querySelector<HTMLElement>('.viewer__zoom'),
      'image',
    );
    shadowRoot.querySelector<HTMLButtonElement>('.viewer__nav button')!.focus();
    await sendKeys({ press: '+' });
    await waitFor(() => zoom.dataset.scale === '1.20', `+ zooms in (${zoom.dataset.scale})`);
    for (let i = 0; i < 10; i++) await sendKeys({ press: '+' });
    await waitFor(() => zoom.dataset.scale === '3.00', 'max scale 3');
    await sendKeys({ press: '-' });
    await waitFor(() => zoom.dataset.scale === '2.40', '- zooms out by 0.2');
    await sendKeys({ press: '0' });
    await waitFor(() => zoom.dataset.scale === '1.00', '0 fits');

    zoom.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true, cancelable: true }));
    await waitFor(() => zoom.dataset.scale === '1.20', 'wheel zooms in');

    const box = zoom.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const pointer = (type: string, pointerId: number, x: number) =>
      zoom.dispatchEvent(
        new PointerEvent(type, { pointerId, clientX: x, clientY: cy, bubbles: true }),
      );
    pointer('pointerdown', 11, cx - 20);
    pointer('pointerdown', 12, cx + 20);
    pointer('pointermove', 12, cx + 60);
    pointer('pointerup', 12, cx + 60);
    pointer('pointerup', 11, cx - 20);
    await waitFor(() => zoom.dataset.scale === '2.40', `pinch doubles (${zoom.dataset.scale})`);

    await sendKeys({ press: 'Escape' });
    await waitFor(() => closed === 1, 'Escape closes');
  });
});

describe('upload-referral modal (spec 2.5)', () => {
  it('R-2.5-10: is static: Escape does not close it, its own button does', async () => {
    let closedWith: boolean | null = null;
    const shadowRoot = render(
      createElement(UploadReferralModal, {
        open: true,
        owner: OWNER,
        documentTypeId: 1,
        validTypes: VALID,
        onClose: (uploaded: boolean) => {
          closedWith = uploaded;
        },
      }),
    );
    const dialog = await waitFor(
      () => shadowRoot.querySelector<HTMLDialogElement>('dialog[open]'),
      'modal',
    );
    equal(shadowRoot.querySelector('.modal__close'), null, 'no ×');
    equal(shadowRoot.activeElement?.textContent, 'Choose a file', 'focus on the control');
    await sendKeys({ press: 'Escape' });
    await new Promise((r) => setTimeout(r, 100));
    assert(dialog.open, 'still open after Escape');
    equal(closedWith, null);
    choose(shadowRoot, pdf());
    (await lastXhr()).respond(201, stored(3, 'referral.pdf'));
    (await buttonNamed(shadowRoot, 'Done')).click();
    await waitFor(() => closedWith === true, 'closed after an upload');
  });
});
