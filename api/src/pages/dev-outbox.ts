import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/schema';
import { attachmentsOf, listMessages, type OutboxRow } from '../mail/outbox';
import { html, layout, type PageAssets } from '../web/html';

export const OUTBOX_PATHS = {
  page: '/dev/outbox',
  json: '/dev/outbox.json',
  html: (id: number) => `/dev/outbox/${id}/html`,
  attachment: (id: number, index: number) => `/dev/outbox/${id}/attachments/${index}`,
} as const;

interface OutboxQuerystring {
  to?: unknown;
  kind?: unknown;
  limit?: unknown;
}

function query(raw: OutboxQuerystring) {
  const text = (value: unknown) =>
    typeof value === 'string' && value.length > 0 && value.length <= 320 ? value : undefined;
  const limit = Number(raw.limit);
  const to = text(raw.to);
  const kind = text(raw.kind);
  return {
    ...(to ? { to } : {}),
    ...(kind ? { kind } : {}),
    limit: Number.isInteger(limit) && limit > 0 ? Math.min(limit, 500) : 100,
  };
}

function messageItem(row: OutboxRow) {
  return html`<li class="card stack" style="gap:var(--s-2)">
<h2>${row.subject}</h2>
<p class="muted">To ${row.to_address} · ${row.created_at.toISOString()} · ${row.sent_at ? `sent ${row.sent_at.toISOString()}` : 'not sent (outbox only)'}</p>
${row.html_body || attachmentsOf(row).length ? html`<p class="cluster">${row.html_body ? html`<a href="${OUTBOX_PATHS.html(row.id)}">View the HTML part</a>` : ''}${attachmentsOf(row).map((file, index) => html`<a href="${OUTBOX_PATHS.attachment(row.id, index)}">${file.filename}</a>`)}</p>` : ''}
<pre>${row.text_body}</pre>
</li>`;
}

/**
 * The outbox, for development and for evaluating a build without SMTP: /dev/outbox lists the messages newest first,
 * /dev/outbox.json?to=<email>&kind=<kind>&limit=<n> gives them as data (tests read one-time codes from it). On unless
 * mail config says otherwise (DISABLE_DEV_OUTBOX=1); never cached, never indexed.
 */
export function registerDevOutbox(
  app: FastifyInstance,
  db: Db,
  assets: PageAssets,
  styles: readonly string[],
  testMode: boolean,
): void {
  app.get<{ Querystring: OutboxQuerystring }>(OUTBOX_PATHS.json, async (request, reply) => {
    const rows = await listMessages(db, query(request.query));
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send({
        messages: rows.map((row) => ({
          id: row.id,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          kind: row.kind,
          created_at: row.created_at.toISOString(),
          sent_at: row.sent_at?.toISOString() ?? null,
          attempts: row.attempts,
          attachments: attachmentsOf(row),
        })),
      });
  });
  // One message's HTML part as a mail client would show it, and its attachments, for looking at them in development.
  const messageById = (raw: string) =>
    /^\d{1,9}$/.test(raw)
      ? db.selectFrom('outbox').selectAll().where('id', '=', Number(raw)).executeTakeFirst()
      : Promise.resolve(undefined);
  app.get<{ Params: { id: string } }>('/dev/outbox/:id/html', async (request, reply) => {
    const row = await messageById(request.params.id);
    if (!row?.html_body) return reply.callNotFound();
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(row.html_body);
  });
  app.get<{ Params: { id: string; index: string } }>('/dev/outbox/:id/attachments/:index', async (request, reply) => {
    const row = await messageById(request.params.id);
    const file = row ? attachmentsOf(row)[Number(request.params.index)] : undefined;
    if (!file) return reply.callNotFound();
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(file.content);
  });
  app.get<{ Querystring: OutboxQuerystring }>(OUTBOX_PATHS.page, async (request, reply) => {
    const filter = query(request.query);
    const rows = await listMessages(db, filter);
    const body = html`<h1>Outbox</h1>
<p class="muted">Every email the checkout has sent, newest first${filter.to ? ` (to ${filter.to})` : ''}. Without SMTP configured this is where they stay.</p>
${rows.length ? html`<ul class="outbox">${rows.map(messageItem)}</ul>` : html`<p>No messages yet.</p>`}`;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(layout({ title: 'Outbox', body, assets: { ...assets, styles: [...assets.styles, ...styles] }, testMode }));
  });
}
