/**
 * What an error report may carry (R-7-calls-57; docs/integrations.md):
 * the `beforeSend` and `beforeBreadcrumb` of the error-reporting SDK. No
 * user, no cookies; addresses with booking keys, slugs, codes and personal
 * parameters masked (src/domain/redaction/url.ts); e-mails, phone and
 * Medicare numbers, one-time codes, dates of birth and keys masked in every
 * text (…/text.ts); and in request bodies and extra data, any field that
 * names something personal, a bare `name` included, masked whole (…/fields.ts).
 */
import type { Breadcrumb, Event } from '@sentry/browser';
import { isPersonalField, scrubFields } from '../../domain/redaction/fields';
import { scrubText } from '../../domain/redaction/text';
import { MASK, redactUrl, SECRET_PARAMS } from '../../domain/redaction/url';

type RequestData = NonNullable<Event['request']>;

/** A request body names its patient in fields such as `name`, which elsewhere name a browser. */
const BODY_FIELDS: ReadonlySet<string> = new Set(['name']);

/** Fields of a breadcrumb's data that hold an address. */
const ADDRESS_FIELDS = new Set(['url', 'from', 'to']);

const address = (value: string) => scrubText(redactUrl(value));

const isSecretParam = (name: string) =>
  SECRET_PARAMS.has(name.toLowerCase()) || isPersonalField(name);

function scrubQuery(query: RequestData['query_string']): RequestData['query_string'] {
  if (query === undefined) return undefined;
  if (typeof query === 'string') return redactUrl(`/?${query.replace(/^\?/, '')}`).slice(2);
  if (Array.isArray(query))
    return query.map(([name, value]) => [name, isSecretParam(name) ? MASK : scrubText(value)]);
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [
      name,
      isSecretParam(name) ? MASK : scrubText(value),
    ]),
  );
}

function scrubHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !/^(cookie|authorization)$/i.test(name))
      .map(([name, value]) => [
        name,
        /^referr?er$/i.test(name) ? address(value) : scrubText(value),
      ]),
  );
}

export function scrubRequest(request: RequestData): RequestData {
  const { cookies: _cookies, env: _env, ...rest } = request;
  const scrubbed: RequestData = { ...rest };
  if (request.url !== undefined) scrubbed.url = address(request.url);
  if (request.query_string !== undefined) scrubbed.query_string = scrubQuery(request.query_string);
  if (request.headers) scrubbed.headers = scrubHeaders(request.headers);
  if (request.data !== undefined) scrubbed.data = scrubFields(request.data, BODY_FIELDS);
  return scrubbed;
}

function scrubData(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([name, value]) => [
      name,
      ADDRESS_FIELDS.has(name) && typeof value === 'string' && !isPersonalField(name)
        ? address(value)
        : (scrubFields({ [name]: value }) as Record<string, unknown>)[name],
    ]),
  );
}

export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  const scrubbed: Breadcrumb = { ...breadcrumb };
  if (breadcrumb.message !== undefined) scrubbed.message = scrubText(breadcrumb.message);
  if (breadcrumb.data) scrubbed.data = scrubData(breadcrumb.data);
  return scrubbed;
}

/** Every string of a part of the event scrubbed, personal fields masked. */
const scrubPart = <T>(part: T): T => scrubFields(part) as T;

/** The `beforeSend` of the error-reporting SDK: the event as it may leave. */
export function scrubEvent<E extends Event>(event: E): E {
  const { user: _user, ...rest } = event;
  const scrubbed = { ...rest } as E;
  if (event.message !== undefined) scrubbed.message = scrubText(event.message);
  if (event.logentry) scrubbed.logentry = scrubPart(event.logentry);
  if (event.exception) scrubbed.exception = scrubPart(event.exception);
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  if (event.request) scrubbed.request = scrubRequest(event.request);
  if (event.extra) scrubbed.extra = scrubPart(event.extra);
  if (event.tags) scrubbed.tags = scrubPart(event.tags);
  if (event.contexts) scrubbed.contexts = scrubPart(event.contexts);
  if (event.transaction !== undefined) scrubbed.transaction = scrubText(event.transaction);
  return scrubbed;
}
