/**
 * The address of a viewer page (what /api/image_viewer answers as `url`
 * when no external viewer is configured): the DICOMweb root, the study and
 * the viewer token, in the fragment (`#dicomweb=…&study=…&token=…`) so the
 * token never reaches a server log or a Referer header; the query is read
 * too. Pure.
 */
export interface ViewerParams {
  dicomweb: string;
  study: string;
  token: string;
}

export function readViewerParams(search: string, hash: string): ViewerParams | null {
  const from = (text: string) => new URLSearchParams(text.replace(/^[?#]/, ''));
  const hashParams = from(hash);
  const queryParams = from(search);
  const get = (name: string) => hashParams.get(name) ?? queryParams.get(name) ?? '';
  const params = { dicomweb: get('dicomweb'), study: get('study'), token: get('token') };
  return params.dicomweb && params.study && params.token ? params : null;
}

/** The fragment of a viewer page for these parameters (starts with '#'). */
export function viewerHash(params: ViewerParams): string {
  return `#${new URLSearchParams({ ...params }).toString()}`;
}
