/**
 * The development mailbox: the latest outbox messages, so a person trying the
 * portal without SMTP can read their one-time code. On with DEV_LOGIN=1 or
 * DEV_MAILBOX=1; never when NODE_ENV=production or PUBLIC_URL is not loopback.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { latestMessages, type MailboxMessage } from '../db/outbox.repo.js';
import { errorResponses } from '../schemas/common.js';
import type { RouteDeps } from './deps.js';

export const MAILBOX_PATH = '/dev/mailbox';

/** Whether a URL names this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(hostname);
}

/**
 * On with DEV_LOGIN=1 or DEV_MAILBOX=1, and also for a plain `npm start` on this
 * machine (no SMTP_URL, listening on a loopback address): otherwise a person
 * trying the portal could never read a one-time code. Never in production, and
 * never when PUBLIC_URL names another host whatever DEV_MAILBOX says (docs/security.md §13): the mailbox shows every patient's one-time codes to anyone.
 */
export function devMailboxEnabled(
  config: Pick<ServerConfig, 'devLogin' | 'smtpUrl' | 'host' | 'publicUrl'>,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (env.NODE_ENV === 'production') return false;
  if (!isLoopbackUrl(config.publicUrl)) return false;
  if (env.DEV_MAILBOX === '0' || env.DEV_MAILBOX === 'false') return false;
  if (config.devLogin || env.DEV_MAILBOX === '1' || env.DEV_MAILBOX === 'true') return true;
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(config.host);
  return !config.smtpUrl && loopback;
}

const MailboxMessageSchema = Type.Object({
  id: Type.Integer(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
});

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function messageHtml(message: MailboxMessage): string {
  const state = message.sentAt
    ? 'sent'
    : message.lastError
      ? `not sent: ${message.lastError}`
      : 'not sent';
  return `<article>
<h2>${escapeHtml(message.subject || '(SMS)')}</h2>
<p class="meta">${message.channel === 'sms' ? 'SMS' : 'E-mail'} to ${escapeHtml(message.recipient)} · <time datetime="${message.createdAt}">${escapeHtml(message.createdAt.replace('T', ' ').slice(0, 19))} UTC</time> · ${escapeHtml(state)}</p>
<pre>${escapeHtml(message.body)}</pre>
</article>`;
}

/** Plain HTML, no script: readable without the portal's build. */
export function mailboxPage(messages: MailboxMessage[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Development mailbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
article{border:1px solid #767676;border-radius:.5rem;padding:0 1rem;margin:1rem 0}h2{font-size:1.1rem}
.meta{color:#4a4a4a;font-size:.9rem}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><main><h1>Development mailbox</h1>
<p>The latest e-mails and SMS the portal wrote to its outbox, newest first. Reload to see new ones. Development only.</p>
${messages.length ? messages.map(messageHtml).join('\n') : '<p>No messages yet.</p>'}
</main></body></html>`;
}

export function devMailboxRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['development'],
        summary: 'The latest 50 outbox messages, newest first (DEV_LOGIN=1 or DEV_MAILBOX=1)',
        response: {
          200: Type.Object({ messages: Type.Array(MailboxMessageSchema) }),
          ...errorResponses,
        },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { messages: await latestMessages(db, 50) };
    },
  );

  app.get(MAILBOX_PATH, { schema: { hide: true } }, async (_request, reply) => {
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('text/html; charset=utf-8')
      .send(mailboxPage(await latestMessages(db, 50)));
  });
}
