import { useLayoutEffect, type RefObject } from 'react';

const sheets = new Map<string, CSSStyleSheet>();

function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/**
 * Adopts a shared part's own CSS into whatever shadow root (or document) it
 * is rendered in, once per root. The upload control and the attachment parts
 * are used by several widgets; each brings its styles along instead of every
 * widget's define.ts listing them. The sheet stays adopted after unmount, so a
 * part that opens again does not flash unstyled.
 */
export function useAdoptedCss(ref: RefObject<Element | null>, css: string): void {
  // No dependencies: the ref may point at a node that appears later (a modal's body).
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (!(root instanceof ShadowRoot) && !(root instanceof Document)) return;
    const sheet = sheetFor(css);
    if (!root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  });
}
