import type * as Leaflet from 'leaflet';

/**
 * Asks the tile server for one tile (the whole world at zoom 0) before the
 * map asks for a screenful: a refused or failing server then costs one
 * request and one console error, not one per tile on every pan and zoom
 * (issue 14). The template's `{s}` takes the first subdomain, `{r}` nothing.
 */
export function probeTiles(L: typeof Leaflet, url: string): Promise<boolean> {
  let src: string;
  try {
    src = L.Util.template(url, { s: 'a', r: '', x: 0, y: 0, z: 0, '-y': 0 });
  } catch {
    return Promise.resolve(false); // a placeholder the template cannot fill
  }
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(true);
    image.onerror = () => resolve(false);
    image.src = src;
  });
}
