import { useEffect } from 'react';

/**
 * CSS that arrives at run time from the provider's configuration
 * (bannerPositionCss, questionnaireCss, bodyPartsCss) is adopted into the
 * widget's shadow root after the widget's own sheets, so it wins over them.
 * (A <style> element, as shadow-dom-inject-styles inserts, would lose: adopted
 * sheets come after every <style> of the shadow root in the cascade.)
 */
export function useInjectedCss(root: ShadowRoot | undefined, css: string | undefined): void {
  useEffect(() => {
    if (!root || !css) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [root, css]);
}
