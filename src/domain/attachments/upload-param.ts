/**
 * R-2.2-17: after an upload or an update, upload=false is merged into the
 * query parameters, so a page opened with upload=true (an e-mail's "upload
 * your referral" link) does not ask again on reload.
 */
export function withUploadFalse(search: string): string {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  params.set('upload', 'false');
  return `?${params.toString()}`;
}
