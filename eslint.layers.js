/**
 * The layers of the front end and what each may import (docs/architecture.md
 * "Layers and imports"). `npm run check` fails on an import that breaks one;
 * tests/lint/layers.test.ts proves each rule catches a violation.
 *
 * src/contract/ (request and response types, enum lists, shared constants)
 * imports nothing and may be imported from anywhere.
 *
 * Known exceptions, each to be removed by the change named:
 * - src/ui/attachments/ reads the attachments store and the API: it is a
 *   feature, not a UI part, and moves out of src/ui (issue 12 part 2).
 * - src/ui/upload/useUpload.ts calls the upload API: it moves with it.
 * - server tests may import src/api to prove the client's requests against
 *   the real server (attachments-bookings: the client's multipart form).
 */
const KNOWN_EXCEPTIONS = ['src/ui/attachments/**', 'src/ui/upload/useUpload.ts'];
const CONTRACT = '(/contract/[a-z-]+)(\\.js)?$';
const message = (rule) => `${rule} (docs/architecture.md "Layers and imports")`;

/** A regex pattern for no-restricted-imports, unless the import is a contract module. */
const forbid = (regex, rule) => ({ regex: `^(?!.*${CONTRACT})${regex}`, message: message(rule) });

const STORES = forbid('.*(/stores/|\\.store(\\.js)?$)', 'this layer never reads stores');
const API = forbid('.*/api/', 'this layer never calls the API');
const WIDGETS = forbid('.*/widgets/', 'this layer never imports a widget');
const UI = forbid('.*/ui/', 'this layer never imports UI components');
const DEMO_OR_SERVER = forbid('.*/(demo|server)/', 'widgets never import the demo or the server');
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
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: KNOWN_EXCEPTIONS,
    rules: rule([STORES, API, WIDGETS]),
  },
  { files: ['src/api/**/*.{ts,tsx}'], rules: rule([STORES, WIDGETS, UI]) },
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
