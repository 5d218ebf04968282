import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './mail-template.ts';
import type { DevMailbox, StoredMail } from './dev-mailbox.ts';

export const DEV_MAILBOX_PATH = '/dev/mailbox';

/** Escapes the text, then turns http(s) addresses into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderMail(mail: StoredMail): string {
  return [
    '<article>',
    `<h2>${escapeHtml(mail.subject)}</h2>`,
    `<p>To: <strong>${escapeHtml(mail.to)}</strong> · <time datetime="${new Date(mail.sentAt).toISOString()}">${new Date(mail.sentAt).toISOString().replace('T', ' ').slice(0, 19)} UTC</time></p>`,
    `<pre>${linkify(mail.text)}</pre>`,
    '</article>',
  ].join('\n');
}

/**
 * GET /dev/mailbox: the development mailbox as a plain server-rendered page (newest first,
 * English only, no script: the CSP forbids inline script and the page needs none).
 * 404 whenever the mailbox is off (production, or SMTP_URL set).
 */
export async function devMailboxRoutes(
  app: FastifyInstance,
  { mailbox }: { mailbox: DevMailbox | null },
): Promise<void> {
  app.get(DEV_MAILBOX_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!mailbox) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    const mails = mailbox.list();
    const body =
      mails.length === 0 ? '<p>No mail yet. Sign in to receive a PIN.</p>' : mails.map(renderMail).join('\n<hr>\n');
    const page = [
      '<!doctype html>',
      '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
      '<title>Development mailbox · Gatehouse</title></head><body>',
      '<h1>Development mailbox</h1>',
      `<p>Every mail this server sent since it started (${mails.length}), newest first. Reload to see new mail. Set SMTP_URL to send real mail instead.</p>`,
      body,
      '</body></html>',
    ].join('\n');
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
