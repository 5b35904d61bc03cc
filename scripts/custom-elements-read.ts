/**
 * Reads each element's public API from its `widgets/<name>/define.ts`: the
 * doc comment (@attr, @fires, @slot, @csspart, @cssprop; STYLE.md 8) and the
 * `defineWidget({ tag, props })` call, plus the event details declared in
 * `src/element/events.ts` and the theme tokens of `src/theme/tokens.css`.
 * Pure reading: scripts/custom-elements.ts writes the outputs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export type PropKind = 'string' | 'number' | 'boolean' | 'json';

export interface Documented {
  name: string;
  description: string;
}

export interface CssProperty extends Documented {
  default?: string;
}

export interface ElementSource {
  /** widgets/<folder>/define.ts, repository-relative. */
  file: string;
  folder: string;
  tag: string;
  /** The doc comment's text before its first tag. */
  description: string;
  /** camelCase prop → kind, in the order of defineWidget's props. */
  props: [string, PropKind][];
  attrs: Documented[];
  events: Documented[];
  slots: Documented[];
  cssParts: Documented[];
  cssProperties: CssProperty[];
}

/** The same conversion define-widget.ts applies (kiosk-mode ↔ kioskMode). */
export function kebabCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
}

function findNode<T extends ts.Node>(root: ts.Node, test: (n: ts.Node) => n is T): T | undefined {
  let found: T | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (test(node)) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}

function propertyName(p: ts.ObjectLiteralElementLike): string | undefined {
  return p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))
    ? p.name.text
    : undefined;
}

/** The tag and the props of the file's `defineWidget({...})` call. */
function readDefineWidget(
  file: string,
  text: string,
): { tag: string; props: [string, PropKind][] } {
  const call = findNode(
    parse(file, text),
    (n): n is ts.CallExpression =>
      ts.isCallExpression(n) &&
      ts.isIdentifier(n.expression) &&
      n.expression.text === 'defineWidget',
  );
  const options = call?.arguments[0];
  if (!options || !ts.isObjectLiteralExpression(options)) {
    throw new Error(`${file}: no defineWidget({ tag, props }) call`);
  }
  const value = (name: string) =>
    options.properties.find((p): p is ts.PropertyAssignment => propertyName(p) === name)
      ?.initializer;
  const tag = value('tag');
  const props = value('props');
  if (!tag || !ts.isStringLiteral(tag) || !props || !ts.isObjectLiteralExpression(props)) {
    throw new Error(`${file}: defineWidget needs a literal tag and a literal props object`);
  }
  return {
    tag: tag.text,
    props: props.properties.map((p) => {
      const kind = ts.isPropertyAssignment(p) ? p.initializer : undefined;
      if (!kind || !ts.isStringLiteral(kind)) throw new Error(`${file}: props must be literal`);
      return [propertyName(p) ?? '', kind.text as PropKind];
    }),
  };
}

/** `@name rest` entries of a doc comment; a tag's text runs until the next tag. */
function docTags(comment: string): { description: string; tags: [string, string][] } {
  const lines = comment
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim());
  const description: string[] = [];
  const tags: [string, string][] = [];
  for (const line of lines) {
    const tag = /^@(\w+)\s*(.*)$/.exec(line);
    if (tag) tags.push([tag[1]!, tag[2]!]);
    else if (tags.length > 0 && line) tags[tags.length - 1]![1] += ` ${line}`;
    else if (tags.length === 0) description.push(line);
  }
  return { description: description.join(' ').replace(/\s+/g, ' ').trim(), tags };
}

/** `name - description` (the name may be empty: the default slot). */
function named(text: string): Documented {
  const match = /^(\S*?)\s*-\s+(.*)$/.exec(text) ?? /^(\S+)()$/.exec(text);
  return { name: match?.[1] ?? '', description: match?.[2]?.trim() ?? '' };
}

/** `--imaging-*` tokens with their default values, from src/theme/tokens.css. */
export function readThemeTokens(root: string): CssProperty[] {
  const css = readFileSync(join(root, 'src/theme/tokens.css'), 'utf8');
  return [...css.matchAll(/^\s*(--imaging-[\w-]+)\s*:\s*([^;]+);/gm)].map((m) => ({
    name: m[1]!,
    description: 'theme token (src/theme/tokens.css)',
    default: m[2]!.trim(),
  }));
}

/**
 * A @cssprop line lists the element's own properties, each optionally
 * followed by its description in parentheses, and may add "the --imaging-*
 * tokens", which stands for every theme token.
 */
function cssProperties(text: string, tokens: CssProperty[]): CssProperty[] {
  const found = [...text.matchAll(/(--[\w-]+\*?)(?:\s*\(([^)]*)\))?/g)];
  const own = found
    .filter(([, name]) => !name!.endsWith('*'))
    .map(([, name, description]) => ({ name: name!, description: description?.trim() ?? '' }));
  return found.some(([, name]) => name === '--imaging-*') ? [...own, ...tokens] : own;
}

/** One element's API from its define.ts. */
export function readElement(root: string, folder: string, tokens: CssProperty[]): ElementSource {
  const file = `widgets/${folder}/define.ts`;
  const text = readFileSync(join(root, file), 'utf8');
  const { tag, props } = readDefineWidget(file, text);
  const comment = [...text.matchAll(/\/\*\*[\s\S]*?\*\//g)]
    .map((m) => m[0])
    .find((c) => c.includes(`\`<${tag}>\``));
  if (!comment) throw new Error(`${file}: no doc comment naming \`<${tag}>\``);
  const { description, tags } = docTags(comment);
  const all = (name: string) => tags.filter(([t]) => t === name).map(([, rest]) => rest);
  const list = (name: string) =>
    all(name)
      .flatMap((rest) => rest.split(','))
      .map((name) => ({ name: name.trim(), description: '' }))
      .filter((part) => part.name);
  return {
    file,
    folder,
    tag,
    description,
    props,
    attrs: all('attr').map(named),
    events: all('fires').map(named),
    slots: all('slot').map(named),
    cssParts: list('csspart'),
    cssProperties: all('cssprop').flatMap((rest) => cssProperties(rest, tokens)),
  };
}

/** Every widget folder with a define.ts, sorted. */
export function readElements(root: string): ElementSource[] {
  const tokens = readThemeTokens(root);
  return readdirSync(join(root, 'widgets'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'widgets', d.name, 'define.ts')))
    .map((d) => d.name)
    .sort()
    .map((folder) => readElement(root, folder, tokens));
}

/** Event name → the detail's type as written in ImagingEventMap (src/element/events.ts). */
export function readEventDetails(root: string): Map<string, string> {
  const file = 'src/element/events.ts';
  const map = findNode(
    parse(file, readFileSync(join(root, file), 'utf8')),
    (n): n is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(n) && n.name.text === 'ImagingEventMap',
  );
  if (!map) throw new Error(`${file}: no interface ImagingEventMap`);
  return new Map(
    map.members.filter(ts.isPropertySignature).map((m) => {
      const name = ts.isStringLiteral(m.name) || ts.isIdentifier(m.name) ? m.name.text : '';
      return [name, m.type?.getText().replace(/\s+/g, ' ') ?? 'unknown'];
    }),
  );
}

/**
 * What the doc comment and the code disagree on: a prop without an @attr
 * line, an @attr naming no prop, an event missing from ImagingEventMap.
 */
export function findProblems(elements: ElementSource[], events: Map<string, string>): string[] {
  return elements.flatMap((element) => {
    const attributes = new Set(element.attrs.map((a) => a.name));
    const fromProps = new Set(element.props.map(([prop]) => kebabCase(prop)));
    return [
      ...[...fromProps]
        .filter((attr) => !attributes.has(attr))
        .map((attr) => `${element.file}: prop for attribute "${attr}" has no @attr line`),
      ...[...attributes]
        .filter((attr) => !fromProps.has(attr))
        .map((attr) => `${element.file}: @attr ${attr} names no prop of defineWidget`),
      ...element.events
        .filter((event) => !events.has(event.name))
        .map((event) => `${element.file}: @fires ${event.name} is not in ImagingEventMap`),
    ];
  });
}
