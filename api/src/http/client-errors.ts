import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { serverMessages } from './server-messages';

/**
 * Node's HTTP parser refuses a request before Fastify has a request to answer: too slow (http/timeouts.ts), headers
 * too large, or bytes that are not HTTP. The client still gets the API's error shape ({ error } with a sentence),
 * written straight to the socket, which is then closed; a socket already gone gets nothing.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, sentence] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, serverMessages.requestTimedOut]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, serverMessages.headersTooLarge]
        : [400, serverMessages.malformedRequest];
  const body = JSON.stringify({ error: sentence });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  socket.destroy();
}
