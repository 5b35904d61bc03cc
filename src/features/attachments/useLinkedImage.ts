import { useEffect, useState } from 'react';
import { getLinkedFile } from '../../api/attachments';
import { fromAnotherSite } from '../../ui/download-across-origins';

/**
 * The address an `<img>` shows a document of the API at. On the API's own
 * origin, the link itself. On a clinic's page (another site) the API's files
 * are not for `<img>` (Cross-Origin-Resource-Policy: same-site, and the image
 * request would go without the session): the file is read with the session
 * and shown from memory. Null while it loads or when it cannot be read.
 */
export function useLinkedImage(url: string | null): string | null {
  const own = url === null || !fromAnotherSite(url);
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (own || url === null) return;
    const controller = new AbortController();
    let made: string | null = null;
    getLinkedFile(url, { signal: controller.signal })
      .then((file) => {
        made = URL.createObjectURL(file);
        setShown(made);
      })
      .catch(() => setShown(null));
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
      setShown(null);
    };
  }, [own, url]);
  return own ? url : shown;
}
