/**
 * npm run elements: writes custom-elements.json (Custom Elements Manifest
 * 2.1) and src/element/element-types.ts (the tags in HTMLElementTagNameMap,
 * the events in the global event maps) from the elements' define.ts doc
 * comments, so a clinic's editor completes tags, attributes and events
 * (issue 14 part 3). `--dist` also writes dist/elements/custom-elements.json,
 * served beside the element scripts; `--check` only reports stale files.
 * Fails on a prop without an @attr line or an @attr without a prop.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import prettier from 'prettier';
import {
  findProblems,
  kebabCase,
  readElements,
  readEventDetails,
  type Documented,
  type ElementSource,
  type PropKind,
} from './custom-elements-read';

export const MANIFEST = 'custom-elements.json';
export const TYPES = 'src/element/element-types.ts';
const SERVED_MANIFEST = 'dist/elements/custom-elements.json';

const TYPE_OF: Record<PropKind, string> = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  json: 'unknown',
};

/** imaging-booking-request → ImagingBookingRequestElement */
export function className(tag: string): string {
  return `${tag.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase())}Element`;
}

/** The module path of an element: its built script, as the package holds it. */
const modulePath = (element: ElementSource) => `dist/elements/${element.folder}.js`;

const withDescription = <T extends Documented>(item: T) =>
  item.description ? item : (({ description: _, ...rest }) => rest)(item);

const nonEmpty = <K extends string, T>(key: K, list: T[]) =>
  (list.length > 0 ? { [key]: list } : {}) as Partial<Record<K, T[]>>;

function declaration(element: ElementSource, events: Map<string, string>) {
  const describe = (attr: string) => element.attrs.find((a) => a.name === attr)?.description ?? '';
  const fields = element.props.map(([prop, kind]) => ({
    name: prop,
    attribute: kebabCase(prop),
    type: { text: TYPE_OF[kind] },
    description: describe(kebabCase(prop)),
  }));
  return {
    kind: 'class',
    name: className(element.tag),
    description: element.description,
    superclass: { name: 'HTMLElement', package: 'global:' },
    customElement: true,
    tagName: element.tag,
    ...nonEmpty(
      'attributes',
      fields.map(({ name, attribute, type, description }) =>
        withDescription({ name: attribute, type, description, fieldName: name }),
      ),
    ),
    ...nonEmpty(
      'members',
      fields.map(({ name, attribute, type, description }) =>
        withDescription({ kind: 'field', name, type, description, attribute }),
      ),
    ),
    ...nonEmpty(
      'events',
      element.events.map((event) =>
        withDescription({
          name: event.name,
          type: { text: `CustomEvent<${events.get(event.name) ?? 'unknown'}>` },
          description: event.description,
        }),
      ),
    ),
    ...nonEmpty('slots', element.slots.map(withDescription)),
    ...nonEmpty('cssParts', element.cssParts.map(withDescription)),
    ...nonEmpty('cssProperties', element.cssProperties.map(withDescription)),
  };
}

/** The manifest object (schema 2.1.0): one module per element script. */
export function buildManifest(elements: ElementSource[], events: Map<string, string>) {
  return {
    schemaVersion: '2.1.0',
    modules: elements.map((element) => ({
      kind: 'javascript-module',
      path: modulePath(element),
      declarations: [declaration(element, events)],
      exports: [
        {
          kind: 'custom-element-definition',
          name: element.tag,
          declaration: { name: className(element.tag), module: modulePath(element) },
        },
      ],
    })),
  };
}

/** The served copy sits beside the scripts: its module paths are relative to it. */
export function servedManifest(manifest: ReturnType<typeof buildManifest>) {
  const local = (path: string) => path.replace(/^dist\/elements\//, '');
  return {
    ...manifest,
    modules: manifest.modules.map((module) => ({
      ...module,
      path: local(module.path),
      exports: module.exports.map((e) => ({
        ...e,
        declaration: { ...e.declaration, module: local(e.declaration.module) },
      })),
    })),
  };
}

/** A doc comment wrapped at 100 columns. */
function doc(text: string, indent = ''): string {
  if (!text) return '';
  const lines: string[] = [];
  for (const word of text.replace(/\*\//g, '*\\/').split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && indent.length + 3 + lines[last]!.length + word.length < 100) {
      lines[last] += ` ${word}`;
    } else lines.push(word);
  }
  if (lines.length === 1 && indent.length + lines[0]!.length < 92) {
    return `${indent}/** ${lines[0]} */\n`;
  }
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}\n`).join('')}${indent} */\n`;
}

/** Declared once in the generated types (ImagingSharedProps), not in each element's interface. */
const SHARED_PROPS = ['apiBase', 'locale'];

/** The TypeScript source of src/element/element-types.ts. */
export function renderTypes(elements: ElementSource[], _events: Map<string, string>): string {
  const interfaces = elements.map((element) => {
    const shared = SHARED_PROPS.every((name) => element.props.some(([prop]) => prop === name));
    const own = shared
      ? element.props.filter(([prop]) => !SHARED_PROPS.includes(prop))
      : element.props;
    const fields = own.map(([prop, kind]) => {
      const about = element.attrs.find((a) => a.name === kebabCase(prop))?.description ?? '';
      return `${doc(`\`${kebabCase(prop)}\`: ${about}`, '  ')}  ${prop}?: ${TYPE_OF[kind]};`;
    });
    const base = shared ? 'HTMLElement, ImagingSharedProps' : 'HTMLElement';
    return `${doc(element.description)}export interface ${className(element.tag)} extends ${base} {\n${fields.join('\n')}\n}`;
  });
  const tagMap = elements.map((e) => `    '${e.tag}': ${className(e.tag)};`);
  return `// Generated by scripts/custom-elements.ts from widgets/*/define.ts and src/element/events.ts
// (npm run elements); scripts/custom-elements.test.ts fails when it is stale. Do not edit.
/**
 * The elements for TypeScript: \`document.querySelector('imaging-booking')\`
 * is an ImagingBookingElement, and
 * \`addEventListener('imaging-booking-navigated', (e) => e.detail.path)\` is
 * typed on elements, document and window. npm run types ships it as
 * dist-types/src/element/element-types.d.ts.
 */
import type { ImagingEventMap } from './events';

/** The attributes every element has (define-widget.ts SharedWidgetProps). */
export interface ImagingSharedProps {
  /** \`api-base\`: origin of the provider's API (default: same origin) */
  apiBase?: string;
  /** \`locale\`: en-AU (default), en-NZ, en-CA, en or mk */
  locale?: string;
}

${interfaces.join('\n\n')}

/** Every element's events (src/element/events.ts), declared once for the two maps below. */
type ImagingElementEventMap = { [N in keyof ImagingEventMap]: CustomEvent<ImagingEventMap[N]> };

declare global {
  interface HTMLElementTagNameMap {
${tagMap.join('\n')}
  }

  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the DOM's map
  interface GlobalEventHandlersEventMap extends ImagingElementEventMap {}

  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the DOM's map
  interface HTMLElementEventMap extends ImagingElementEventMap {}
}
`;
}

async function format(text: string, file: string): Promise<string> {
  const options = await prettier.resolveConfig(file);
  return prettier.format(text, { ...options, filepath: file });
}

/** Every generated file: repository-relative path → its text. */
export async function generate(root: string): Promise<Map<string, string>> {
  const elements = readElements(root);
  const events = readEventDetails(root);
  const problems = findProblems(elements, events);
  if (problems.length > 0) throw new Error(`the elements' doc comments:\n${problems.join('\n')}`);
  const manifest = buildManifest(elements, events);
  const file = (name: string) => join(root, name);
  return new Map([
    [MANIFEST, await format(JSON.stringify(manifest), file(MANIFEST))],
    [TYPES, await format(renderTypes(elements, events), file(TYPES))],
    [SERVED_MANIFEST, `${JSON.stringify(servedManifest(manifest), null, 2)}\n`],
  ]);
}

async function main(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  const files = await generate(root);
  const checkOnly = process.argv.includes('--check');
  const wanted = [MANIFEST, TYPES, ...(process.argv.includes('--dist') ? [SERVED_MANIFEST] : [])];
  const stale = wanted.filter((name) => {
    const path = join(root, name);
    return !existsSync(path) || readFileSync(path, 'utf8') !== files.get(name);
  });
  if (checkOnly) {
    if (stale.length > 0) console.error(`stale: ${stale.join(', ')} (run npm run elements)`);
    process.exitCode = stale.length > 0 ? 1 : 0;
    return;
  }
  for (const name of stale) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), files.get(name)!);
    console.log(`wrote ${name}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
