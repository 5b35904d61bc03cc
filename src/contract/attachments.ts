/**
 * Referral documents (spec 3 "Attachment", "Document upload"; spec 4
 * "Upload"; spec 7 attachment calls), shared by the server and the client.
 * Field names of spec 3 verbatim. `{id}` in a secured path is the
 * appointment's or booking request's slug (never its booking key).
 *
 * Secured (session that holds the booking; 401 without a session, 403 for
 * another booking or an unknown one):
 * GET    /api/secured/appointments/{id}/attachments/response                 → AttachmentsResponse
 * POST   /api/secured/appointments/{id}/attachments                          multipart DocumentUploadFields + file → Attachment (201)
 * PUT    /api/secured/appointments/{id}/attachments/{attachmentId}           multipart DocumentUploadFields + file → Attachment (replaces the file)
 * DELETE /api/secured/appointments/{id}/attachments/{attachmentId}           → 204
 * POST   /api/secured/appointments/{id}/attachments/imported                 empty body → ImportedResponse
 * GET    /api/secured/appointments/{id}/attachments/{attachmentId}/download  → the file, Content-Disposition: attachment
 * GET    /api/secured/appointments/{id}/attachments/{attachmentId}/view      → the file, Content-Disposition: inline
 * GET    /api/secured/booking_requests/{id}/attachments/response?examGroupName=&changedExamSlugs=a,b → AttachmentsResponse
 * POST   /api/secured/booking_requests/{id}/attachments                      multipart → Attachment (201)
 * PUT    /api/secured/booking_requests/{id}/attachments/{attachmentId}       multipart → Attachment
 * DELETE /api/secured/booking_requests/{id}/attachments/{attachmentId}       → 204
 * POST   /api/secured/booking_requests/{id}/attachments/imported             empty body → ImportedResponse
 * GET    /api/secured/booking_requests/{id}/attachments/{attachmentId}/download → the file (attachment)
 * GET    /api/secured/booking_requests/{id}/attachments/{attachmentId}/view     → the file (inline)
 * GET    /api/secured/booking_requests/{id}/download                         → the (first) referral file, attachment;
 *                                                                              404 message.referral_download_disabled when
 *                                                                              bookingRequestsDownloadReferralEnabled is false,
 *                                                                              404 message.attachment_not_found without a referral
 *
 * Public, for a booking in progress (the issued, not yet used booking key is
 * the capability; a used key gets 409 message.booking_key_used, an unknown
 * one 404 message.booking_key_invalid):
 * GET    /api/booking/documents?bookingKey=&examGroupName=&changedExamSlugs=  → AttachmentsResponse (exams: from examSlugs)
 *        (&examSlugs=a,b lists the exams being booked, so the response can group by them)
 * POST   /api/booking/documents            multipart DocumentUploadFields (bookingKey required) + file → Attachment (201)
 * PUT    /api/booking/documents/{attachmentId}?bookingKey=   multipart → Attachment
 * DELETE /api/booking/documents/{attachmentId}?bookingKey=   → 204
 * GET    /api/booking/documents/{attachmentId}/download?bookingKey= and /view?bookingKey= → the file
 *
 * Multipart: text fields first, the `file` part LAST (the server reads the
 * fields before it streams the file). Exactly one file part.
 *
 * Refusals (status, message key; nothing is stored on any refusal):
 * 400 message.attachment_file_missing        no file part (or not a multipart body)
 * 400 message.attachment_one_file_only       more than one file part, or a file part not named `file`
 * 400 message.attachment_invalid_field       an unknown, repeated or malformed text field (groupName, additional)
 * 400 message.bad_request                    a multipart body that is cut short or malformed
 * 400 message.attachment_empty               0-byte file
 * 400 message.attachment_invalid_name        null byte, control characters, path parts (/ \ ..), over 200 characters
 * 400 message.attachment_invalid_document_type  documentTypeId missing or not one of the provider's types
 * 400 message.attachment_invalid_exam        examSlug not an exam of this booking
 * 413 message.attachment_too_large           over limits.maxFileBytes (Content-Length checked up front)
 * 415 message.attachment_invalid_type        content (magic bytes) not in validReferralContentTypes
 * 415 message.attachment_type_mismatch       content differs from the declared type or the name's extension
 * 415 message.attachment_unsafe_content      HTML/SVG/script markers, or a polyglot (data after the end of
 *                                            the PDF/PNG/JPEG, or an embedded archive/HTML signature)
 * 422 message.attachment_too_many_pixels     image width × height over limits.maxPixels (header only)
 * 409 message.attachment_limit_reached       the booking already holds limits.maxFiles documents
 * 413 message.upload_storage_full            the server's disk is at its free-space floor (any upload)
 * 429 message.upload_quota_exceeded          a booking in progress: the client address used its upload
 *                                            budget for keys that have not booked (Retry-After: seconds)
 * 404 message.attachment_not_found           unknown attachment id (or one of another booking)
 * 403 message.forbidden                      a secured booking the session does not hold; 401 message.unauthorized without a session
 * Every refusal and every success is written to the audit log (document_audit).
 */

/** Spec 3 "Attachment" documentType. */
export interface DocumentTypeText {
  title: string;
  description: string;
}

/** One of the provider's document types (Referral, Previous imaging report, Medicare card…). */
export interface DocumentType extends DocumentTypeText {
  id: number;
  /** Stable machine name, e.g. 'referral'. */
  code: string;
  /** The referral type: the one the upload-referral modal and the booking-request download use. */
  isReferral: boolean;
}

/** Spec 3 "Attachment" uploadedDocument. */
export interface UploadedDocument {
  id: number;
  fileName: string;
}

/** Spec 3 "Attachment": one uploaded document. */
export interface Attachment {
  /** The document id (same value as attachmentId and uploadedDocument.id). */
  id: number;
  attachmentId: number;
  fileName: string;
  /** The content type found by the server from the bytes (application/pdf or an image type). */
  contentType: string;
  /** Size in bytes. */
  size: number;
  documentTypeId: number;
  documentType: DocumentTypeText;
  /** Slug of the exam it belongs to; null for a document of the whole booking. */
  slug: string | null;
  /** Ids of the exams it belongs to (empty for the whole booking). */
  examIds: number[];
  /** Group names of spec 3 "selected exam" it was uploaded for (may be empty). */
  groupNames: string[];
  uploadedDocument: UploadedDocument;
  /** An extra document, beyond the ones the exams ask for. */
  additional: boolean;
  /** ISO 8601 UTC. */
  uploadedAt: string;
  /** Relative URLs (prefix the API base): Content-Disposition attachment / inline. */
  downloadUrl: string;
  viewUrl: string;
}

/** A document type an exam asks for, with what has been uploaded for it. */
export interface ExamDocumentType {
  documentTypeId: number;
  documentType: DocumentTypeText;
  required: boolean;
  /** Uploaded documents of this type for this exam (or for the whole booking). */
  attachments: Attachment[];
}

/** One exam of the booking and its document types (spec 3 examDocumentTypes). */
export interface ExamAttachments {
  examId: number;
  slug: string;
  name: string;
  groupName: string | null;
  examDocumentTypes: ExamDocumentType[];
}

export interface AttachmentLimits {
  /** bookingForm.validReferralContentTypes of the provider settings. */
  validContentTypes: string[];
  maxFileBytes: number;
  maxFiles: number;
  maxPixels: number;
}

/** GET …/attachments/response and GET /api/booking/documents. */
export interface AttachmentsResponse {
  /** Grouped by exam (in booking order), then by document type. */
  exams: ExamAttachments[];
  /** Every document of the booking, oldest first (also those of no listed exam). */
  attachments: Attachment[];
  /** Every document type of the provider, for the type picker. */
  documentTypes: DocumentType[];
  /** True when every required document type of every exam has a document. */
  requiredReferralUploaded: boolean;
  limits: AttachmentLimits;
}

/**
 * Spec 3 "Document upload" minus `file`: the multipart text fields. Sent as
 * strings; `additional` as 'true'/'false'. bookingKey only on the public
 * /api/booking/documents upload (the secured routes take the booking from the URL).
 */
export interface DocumentUploadFields {
  bookingKey?: string;
  documentTypeId: number;
  examSlug?: string | null;
  groupName?: string | null;
  additional?: boolean;
}

/** Spec 3 "Document upload". */
export interface DocumentUpload extends DocumentUploadFields {
  file: Blob;
  /** Sent as the multipart file name; the server checks it. */
  fileName?: string;
}

/** POST …/attachments/imported: marks the booking's documents as taken over by staff. */
export interface ImportedResponse {
  imported: number;
}

/** Query of GET /api/secured/booking_requests/{id}/attachments/response. */
export interface AttachmentsQuery {
  examGroupName?: string | null;
  changedExamSlugs?: string[] | null;
}

/** Who the document belongs to, as the client addresses it. */
export type AttachmentOwner =
  | { kind: 'appointment'; slug: string }
  | { kind: 'booking_request'; slug: string }
  | { kind: 'booking'; bookingKey: string };

/** How far an upload is (XMLHttpRequest upload progress). */
export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send, or 0 when the browser does not know. */
  total: number;
}
