/**
 * The referral of a booking in progress (spec 4 "Upload", R-1-15): on the
 * details step the patient can upload it before the booking exists. It is
 * stored as a temporary document of the flow's booking key (the public
 * /api/booking/documents calls), which the server moves to the appointment
 * when it is created, and to a new key when the key is replaced
 * (R-4-create-08/09).
 */
import { computed } from 'nanostores';
import { createBookingKey } from '../../src/api/booking';
import type {
  Attachment,
  AttachmentOwner,
  AttachmentsResponse,
} from '../../src/contract/attachments';
import {
  $attachments,
  loadAttachments,
  ownerKey,
  referralsOf,
  referralTypeId,
  submitDocument,
  type SendOptions,
} from '../../src/stores/attachments.store';
import { $booking, updateParams } from './booking.store';

/** The documents owner of the flow, once it has a booking key. */
export const $referralOwner = computed($booking, ({ params }): AttachmentOwner | null =>
  params.bookingKey ? { kind: 'booking', bookingKey: params.bookingKey } : null,
);

/** The referral already uploaded for this booking, if any (the latest one). */
export const $bookingReferral = computed(
  [$referralOwner, $attachments],
  (owner, all): Attachment | null => {
    const load = owner ? all[ownerKey(owner)] : undefined;
    if (load?.state !== 'loaded') return null;
    return referralsOf(load.value).at(-1) ?? null;
  },
);

function examFilter() {
  const { params } = $booking.get();
  return { examSlugs: params.examSlugs, examGroupName: params.groupName };
}

/** Loads the booking's temporary documents (there are none before it has a key). */
export function loadBookingDocuments(): Promise<void> {
  const owner = $referralOwner.get();
  return owner ? loadAttachments(owner, examFilter()) : Promise.resolve();
}

/** The flow's booking key; one is fetched (and kept in the URL) when the flow has none yet. */
async function ensureOwner(): Promise<AttachmentOwner & { kind: 'booking' }> {
  let bookingKey = $booking.get().params.bookingKey;
  if (!bookingKey) {
    bookingKey = await createBookingKey();
    updateParams({ bookingKey });
  }
  return { kind: 'booking', bookingKey };
}

/**
 * The document type a SET_DOCUMENT_TYPE questionnaire outcome put in the URL
 * (`documentTypeId`, which `<imaging-questionnaire>` adds), when the provider
 * has that type; else null (the provider's referral type is used).
 */
export function outcomeDocumentTypeId(
  extra: readonly [string, string][],
  response: AttachmentsResponse,
): number | null {
  const value = extra.findLast(([name]) => name === 'documentTypeId')?.[1] ?? '';
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return response.documentTypes.some((type) => type.id === id) ? id : null;
}

/**
 * R-4-upload-01/02: sends the referral at once: it replaces the one already
 * uploaded (PUT), otherwise it is a new document (POST). The document type is
 * the one a questionnaire outcome set (documentTypeId in the URL), else the
 * provider's referral type; the exam is the first one being booked.
 */
export async function submitBookingReferral(file: File, options: SendOptions): Promise<Attachment> {
  const owner = await ensureOwner();
  const key = ownerKey(owner);
  if ($attachments.get()[key]?.state !== 'loaded') await loadAttachments(owner, examFilter());
  const load = $attachments.get()[key];
  const { params } = $booking.get();
  const documentTypeId =
    load?.state === 'loaded'
      ? (outcomeDocumentTypeId(params.extra, load.value) ?? referralTypeId(load.value))
      : null;
  if (documentTypeId === null) throw new Error('The provider has no document types.');
  const existing = $bookingReferral.get();
  return submitDocument(
    owner,
    {
      documentTypeId,
      examSlug: existing ? existing.slug : (params.examSlugs[0] ?? null),
      groupName: params.groupName,
      additional: false,
    },
    existing?.id ?? null,
    file,
    options,
  );
}
