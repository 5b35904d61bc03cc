/**
 * Adds a vendor's script to the page, once per address. The vendors'
 * command queues (dataLayer, fbq, hj, plausible) are installed before it,
 * so calls made while it loads are kept and run when it arrives.
 */
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.async = true;
      for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
      script.src = src;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`The script ${src} did not load.`));
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}
