import { PassThrough } from 'node:stream';
import type { QueueStatus } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/queue';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { QueueEntry } from '../db/schema';
import { HttpError } from '../http/errors';
import { admissionOf, isEnded } from './admission';
import type { QueueLive, LiveWatcher } from './live';
import { joinQueue } from './queue';
import {
  clientOf,
  mayJoin,
  onsaleIdOf,
  placesTaken,
  requireSession,
  sessionIdOf,
  type QueueDeps,
} from './queue-requests';

/** Streams one browser (one session) may hold open in one process: a few tabs; more are answered with polling. */
export const MAX_STREAMS_PER_SESSION = 4;

interface IdParams {
  Params: { id: string };
}

/** The streams open in this process, in all and by session. */
interface OpenStreams {
  perSession: Map<string, number>;
  total: number;
}

interface StreamOf {
  key: string;
  onsaleId: number;
  sessionId: number;
  /** The session's place, or null when the on-sale has ended: the stream says so and ends. */
  joined: { entry: QueueEntry } | null;
}

/** The event stream for one browser: counted while it is open, its statuses sent by the live queue. */
function openStream(
  streams: OpenStreams,
  live: QueueLive,
  { key, onsaleId, sessionId, joined }: StreamOf,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const body = new PassThrough();
  streams.perSession.set(key, (streams.perSession.get(key) ?? 0) + 1);
  streams.total += 1;
  let closed = false;
  const end = () => {
    if (closed) return;
    closed = true;
    streams.total -= 1;
    const left = (streams.perSession.get(key) ?? 1) - 1;
    if (left > 0) streams.perSession.set(key, left);
    else streams.perSession.delete(key);
    body.end();
  };
  const write = (text: string) => {
    if (!closed) body.write(text);
  };
  // The browser waits this long before reconnecting a dropped stream.
  write('retry: 3000\n\n');
  const watcher: LiveWatcher | null = joined
    ? {
        onsaleId,
        sessionId,
        entry: joined.entry,
        send: (status) => write(`data: ${JSON.stringify(status)}\n\n`),
        ping: () => write(': ping\n\n'),
        end,
      }
    : null;
  // The browser went away (either side's close says so; the clean-up runs once).
  const gone = () => {
    if (watcher) live.remove(watcher);
    end();
  };
  request.raw.on('close', gone);
  reply.raw.on('close', gone);
  if (watcher) live.add(watcher);
  else {
    write(`data: ${JSON.stringify({ state: 'ended' } satisfies QueueStatus)}\n\n`);
    end();
  }
  return body;
}

/** GET /ajax/queue/<id>/events: the queue's live stream (server-sent events) for this browser's place. */
export function registerQueueEvents(app: FastifyInstance, deps: QueueDeps, live: QueueLive): void {
  const { db, clock, config } = deps;
  const streams: OpenStreams = { perSession: new Map(), total: 0 };
  app.get<IdParams>('/ajax/queue/:id/events', async (request, reply) => {
    const onsaleId = onsaleIdOf(request.params.id);
    const key = request.session.tokenHash;
    if ((streams.perSession.get(key) ?? 0) >= MAX_STREAMS_PER_SESSION)
      throw new HttpError(429, messages.queueTooManyStreams);
    const onsale = await live.onsale(onsaleId);
    if (!onsale) throw new HttpError(404, messages.queueNotFound);
    requireSession(request);
    const sessionId = await sessionIdOf(db, request.session);
    const entry = await mayJoin(deps, request, onsaleId, sessionId);
    const now = clock.now();
    // The entry is read (made) once here; the stream's later statuses are computed in this process (live.ts). No pass
    // is issued here: a stream cannot set the cookie, so the page asks the status endpoint once admitted.
    const joined = isEnded(admissionOf(onsale), now)
      ? null
      : await joinQueue(db, onsaleId, sessionId, now, { onsale, entry }, clientOf(deps, request)).catch(placesTaken);
    if (joined === undefined) throw new HttpError(404, messages.queueNotFound);

    // Counted again after the reads above: the streams of one browser open at once.
    const open = streams.perSession.get(key) ?? 0;
    if (open >= MAX_STREAMS_PER_SESSION) throw new HttpError(429, messages.queueTooManyStreams);
    if (streams.total >= config.queue.streamsPerProcess) throw new HttpError(503, messages.queueStreamsBusy);
    const body = openStream(streams, live, { key, onsaleId, sessionId, joined }, request, reply);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('x-accel-buffering', 'no')
      .send(body);
  });
}
