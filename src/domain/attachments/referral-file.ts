/**
 * The referral upload rule of spec 5 (R-5-11..13): only the content types in
 * bookingForm.validReferralContentTypes are accepted, and the file input's
 * accept list comes from that configuration. The server checks the bytes
 * again; this check only spares the patient an upload that would be refused.
 */

/** File-name extensions of the types a provider may allow, for files the browser gives no type. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
  'image/tiff': ['.tif', '.tiff'],
  'image/bmp': ['.bmp'],
};

/** Short names a patient recognises, for the 'referral file types' message. */
const NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'image/heif': 'HEIF',
  'image/tiff': 'TIFF',
  'image/bmp': 'BMP',
};

const normalise = (type: string) => type.trim().toLowerCase();

/** R-5-12: the accept attribute: the configured types and their extensions. */
export function acceptAttribute(validTypes: readonly string[]): string {
  const types = validTypes.map(normalise);
  return [...types, ...types.flatMap((type) => EXTENSIONS[type] ?? [])].join(',');
}

/** The type the browser reports, or the one the file name's extension stands for. */
export function declaredType(file: { type: string; name: string }): string {
  if (file.type) return normalise(file.type);
  const extension = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0];
  if (!extension) return '';
  return Object.keys(EXTENSIONS).find((type) => EXTENSIONS[type]!.includes(extension)) ?? '';
}

/** R-5-11: whether a chosen file is of an allowed type (before any upload). */
export function isAcceptedFile(
  file: { type: string; name: string },
  validTypes: readonly string[],
): boolean {
  const type = declaredType(file);
  return type !== '' && validTypes.map(normalise).includes(type);
}

/** R-5-13: the allowed types as a patient reads them ("PDF, JPEG, PNG"). */
export function fileTypeNames(validTypes: readonly string[]): string {
  const names = validTypes.map((type) => NAMES[normalise(type)] ?? normalise(type));
  return [...new Set(names)].join(', ');
}

/** Whether a type can be shown as an image in the viewer. */
export function isImageType(contentType: string): boolean {
  return normalise(contentType).startsWith('image/');
}

export function isPdfType(contentType: string): boolean {
  return normalise(contentType) === 'application/pdf';
}
