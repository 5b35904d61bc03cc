import r2wc from '@r2wc/react-to-web-component';
import {
  createElement,
  startTransition,
  useEffect,
  useState,
  type ComponentType,
} from 'react';
import { setApiBase } from '../api/client';
import { $locale, setLocale } from '../stores/locale.store';
import tokens from '../theme/tokens.css?inline';

/** The attribute types r2wc can parse; rich data goes in as JS properties (STYLE.md 6). */
export type PropKind = 'string' | 'number' | 'boolean' | 'json';

/** Every widget receives its shadow root as `container` from r2wc. */
export interface WidgetProps {
  container?: ShadowRoot;
}

/**
 * The attributes every element has. define-widget applies them before the
 * element first renders, so the very first call goes to the provider's API.
 * Elements on one page share one API base and one locale (one set of core modules).
 */
export interface SharedWidgetProps {
  /** Origin of the provider's API when the element sits on a clinic's site. */
  apiBase?: string;
  locale?: string;
}

function applyShared(name: string, value: string | null): void {
  if (name === 'api-base' && value !== null) setApiBase(value);
  // Also without the attribute: the patient's choice of this visit applies (locale.store).
  else if (name === 'locale') void setLocale(value);
}

export interface WidgetDefinition<P extends WidgetProps> {
  tag: `imaging-${string}`;
  component: ComponentType<P>;
  /** camelCase prop → kind; the attribute is the kebab-case name. */
  props: { [K in Exclude<keyof P, 'container'>]-?: PropKind };
  /** The widget's own CSS (imported with `?inline`). */
  css?: string;
}

// r2wc internals, read from @r2wc/core 1.3.1 (dist/core.js) under
// @r2wc/react-to-web-component 2.1.1; both are pinned in package.json, and
// define-widget.pin.test.ts plus tests/browser/define-widget.test.ts fail when
// an upgrade moves them. The element keeps its props in this[r2wc.props] and
// renders with this[r2wc.render](); our attributeChangedCallback replaces
// r2wc's without calling super, because r2wc's skips empty and removed
// attributes (see parseAttribute).
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

interface R2wcInternals {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  /** Renders the first time (r2wc mounts on connect). */
  connectedCallback(): void;
  /** Unmounts. */
  disconnectedCallback(): void;
}

const sheets = new Map<string, CSSStyleSheet>();

/** One constructable sheet per CSS text, shared by every instance of every widget. */
function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

export function kebabCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);
}

/**
 * Parses an attribute value. r2wc ignores empty and removed attributes, so a
 * bare boolean attribute (`<imaging-booking kiosk-mode>`) would never turn on
 * and removing an attribute would never reset its prop: both are handled here.
 */
export function parseAttribute(kind: PropKind, value: string | null): unknown {
  if (value === null) return undefined;
  switch (kind) {
    case 'boolean':
      return value === '' || /^(true|1|yes|on)$/i.test(value);
    case 'number': {
      const n = Number(value);
      return value.trim() === '' || Number.isNaN(n) ? undefined : n;
    }
    case 'json':
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return undefined;
      }
    default:
      return value;
  }
}

/**
 * Turns a React feature root into a custom element with an open shadow root,
 * the theme tokens and the widget's CSS adopted before the first render.
 * Registration is guarded, so loading two bundles that both define a tag is harmless.
 */
/**
 * The element's first render as a transition: React renders it in slices
 * of a few milliseconds and lets the browser answer input in between,
 * instead of one long task on a slow phone (issue 15 part 3: total blocking
 * time). Later renders (attribute changes, store updates) are as usual.
 */
function inTransition(Component: ComponentType<object>): ComponentType<object> {
  function FirstRenderInTransition(props: object) {
    const [started, setStarted] = useState(false);
    useEffect(() => startTransition(() => setStarted(true)), []);
    return started ? createElement(Component, props) : null;
  }
  FirstRenderInTransition.displayName = `InTransition(${Component.displayName ?? Component.name})`;
  return FirstRenderInTransition;
}

export function defineWidget<P extends WidgetProps>(def: WidgetDefinition<P>): void {
  if (typeof customElements === 'undefined' || customElements.get(def.tag)) return;
  const kinds = def.props as Record<string, PropKind>;
  const attributeToProp = new Map(Object.keys(kinds).map((p) => [kebabCase(p), p]));
  const styles = [sheetFor(tokens), ...(def.css ? [sheetFor(def.css)] : [])];
  const Base = r2wc(inTransition(def.component as ComponentType<object>), {
    shadow: 'open',
    props: kinds as never,
  }) as unknown as { new (): HTMLElement & R2wcInternals };

  // `lang` too: a clinic that marks the element's language (`lang="mk"`) means its locale.
  const observed = [...attributeToProp.keys(), 'lang'];

  class ImagingWidget extends Base {
    private unbindLang?: () => void;

    static get observedAttributes(): string[] {
      return observed;
    }

    constructor() {
      super();
      const root = this.shadowRoot;
      if (root) root.adoptedStyleSheets = [...styles];
      for (const [attribute, prop] of attributeToProp) {
        this[R2WC_PROPS][prop] = parseAttribute(kinds[prop]!, this.getAttribute(attribute));
      }
    }

    override connectedCallback(): void {
      applyShared('api-base', this.getAttribute('api-base'));
      applyShared('locale', this.getAttribute('locale'));
      this.followHostLang(this.getAttribute('lang'));
      // The element's language on its own root (screen readers, :lang()); the page's
      // <html lang> stays the host page's, a clinic's page keeps its own.
      this.unbindLang = $locale.subscribe((locale) => this.setAttribute('lang', locale));
      super.connectedCallback();
    }

    /**
     * A `lang` the host page wrote (not the one the element marks itself with) is
     * its locale when there is no `locale` attribute; either way the element's
     * `lang` ends up naming the language its texts are in, never another one.
     */
    private followHostLang(lang: string | null): void {
      if (lang === null || lang === $locale.value) return;
      const chosen = this.hasAttribute('locale') ? Promise.resolve() : setLocale(lang);
      void chosen.then(() => {
        if (this.isConnected && this.getAttribute('lang') !== $locale.value)
          this.setAttribute('lang', $locale.value);
      });
    }

    override disconnectedCallback(): void {
      this.unbindLang?.();
      this.unbindLang = undefined;
      super.disconnectedCallback();
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      if (name === 'lang') {
        if (this.unbindLang) this.followHostLang(value);
        return;
      }
      const prop = attributeToProp.get(name);
      if (!prop) return;
      applyShared(name, value);
      this[R2WC_PROPS][prop] = parseAttribute(kinds[prop]!, value);
      this[R2WC_RENDER]();
    }
  }
  customElements.define(def.tag, ImagingWidget);
}
