/**
 * The layers of the front end and what each may import (docs/architecture.md
 * "Layers and imports"). `npm run check` fails on an import that breaks one;
 * tests/lint/layers.test.ts proves each rule catches a violation.
 *
 * src/contract/ (request and response types, enum lists, shared constants)
 * imports nothing and may be imported from anywhere.
 *
 * src/integrations/ (analytics, error reporting, chat) read stores but
 * never import a widget, a UI component, the demo or the server.
 *
 * src/features/ holds store-backed parts that several widgets render (the
 * attachments section): they may read stores and call the API, like a
 * widget, but never import a widget, the demo or the server.
 *
 * Server tests may import src/api to prove the client's requests against
 * the real server (attachments-bookings: the client's multipart form).
 */
const CONTRACT = '(/contract/[a-z-]+)(\\.js)?$';
const message = (rule) => `${rule} (docs/architecture.md "Layers and imports")`;

/** A regex pattern for no-restricted-imports, unless the import is a contract module. */
const forbid = (regex, rule) => ({ regex: `^(?!.*${CONTRACT})${regex}`, message: message(rule) });

const STORES = forbid('.*(/stores/|\\.store(\\.js)?$)', 'this layer never reads stores');
const API = forbid('.*/api/', 'this layer never calls the API');
const WIDGETS = forbid('.*/widgets/', 'this layer never imports a widget');
const UI = forbid('.*/ui/', 'this layer never imports UI components');
const DEMO_OR_SERVER = forbid(
  '.*/(demo|server)/',
  'widgets and features never import the demo or the server',
);
const REACT = forbid('(react|react-dom|nanostores|@nanostores/.*)(/.*)?$', 'src/domain is pure');

/** From widgets/<name>/<depth>…: a path that climbs to widgets/ and enters another folder. */
const otherWidget = (depth) =>
  forbid(`(\\.\\./){${depth}}(?!\\.\\./)[^/]+/`, 'a widget never imports another widget');

const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export const layerRules = [
  {
    files: ['src/contract/**/*.ts'],
    rules: rule([
      { regex: '^(?!\\./)', message: message('src/contract imports nothing but itself') },
    ]),
  },
  { files: ['src/domain/**/*.{ts,tsx}'], rules: rule([REACT, STORES, API, UI, WIDGETS]) },
  { files: ['src/ui/**/*.{ts,tsx}'], rules: rule([STORES, API, WIDGETS]) },
  { files: ['src/features/**/*.{ts,tsx}'], rules: rule([WIDGETS, DEMO_OR_SERVER]) },
  { files: ['src/api/**/*.{ts,tsx}'], rules: rule([STORES, WIDGETS, UI]) },
  // The optional integrations read stores (config, funnel) but render nothing and know no widget.
  { files: ['src/integrations/**/*.{ts,tsx}'], rules: rule([WIDGETS, UI, DEMO_OR_SERVER]) },
  { files: ['widgets/*/*.{ts,tsx}'], rules: rule([DEMO_OR_SERVER, otherWidget(1)]) },
  { files: ['widgets/*/*/*.{ts,tsx}'], rules: rule([DEMO_OR_SERVER, otherWidget(2)]) },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/test/**'],
    rules: rule([
      forbid(
        '.*/src/(?!domain/)',
        'the server imports only the contract and src/domain from the front end',
      ),
      forbid('.*/(widgets|demo)/', 'the server never imports widgets or the demo'),
    ]),
  },
];
