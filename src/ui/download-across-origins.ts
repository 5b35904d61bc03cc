/**
 * A file link of the provider's API on a clinic's page (another origin): a
 * browser ignores `download` there, and a top-level visit carries no
 * partitioned session cookie, so a JSON 401 would replace the clinic's page.
 * The click fetches the file with the session instead and saves it from
 * memory; on the provider's own origin the link works as it is. When the
 * fetch fails the link opens in a new tab, where the browser says why.
 */
export function downloadAcrossOrigins(
  event: { currentTarget: HTMLAnchorElement; preventDefault(): void; stopPropagation(): void },
  fetchFile: () => Promise<Blob>,
  fileName: string,
): void {
  // A file, not a page: no host page's router may take this click.
  event.stopPropagation();
  const link = event.currentTarget;
  if (new URL(link.href).origin === location.origin) return;
  event.preventDefault();
  void fetchFile()
    .then((file) => {
      const save = document.createElement('a');
      save.href = URL.createObjectURL(file);
      save.download = fileName;
      save.click();
      setTimeout(() => URL.revokeObjectURL(save.href), 10_000);
    })
    .catch(() => window.open(link.href, '_blank', 'noopener'));
}
