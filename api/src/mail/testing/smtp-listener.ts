import net from 'node:net';

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body), dot-unstuffed. */
  data: string;
}

export interface SmtpListener {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on a local port for tests (RFC 5321's commands, no TLS, no auth): enough for nodemailer to
 * deliver to. `failData` makes the first n DATA commands fail with a temporary error (451), to test retries.
 */
export async function startSmtpListener(options: { failData?: number } = {}): Promise<SmtpListener> {
  let failures = options.failData ?? 0;
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let envelope: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test-smtp ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let index: number;
      while ((index = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(envelope);
            envelope = { from: '', to: [], data: '' };
            reply('250 2.0.0 queued');
          } else {
            envelope.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-test-smtp');
          reply('250 8BITMIME');
        } else if (verb === 'HELO' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'MAIL') {
          envelope = { from: line.replace(/^MAIL FROM:\s*<?([^>\s]*)>?.*$/i, '$1'), to: [], data: '' };
          reply('250 OK');
        } else if (verb === 'RCPT') {
          envelope.to.push(line.replace(/^RCPT TO:\s*<?([^>\s]*)>?.*$/i, '$1'));
          reply('250 OK');
        } else if (verb === 'DATA') {
          if (failures > 0) {
            failures -= 1;
            reply('451 4.3.0 try again later');
          } else {
            inData = true;
            reply('354 end data with <CR><LF>.<CR><LF>');
          }
        } else if (verb === 'RSET') {
          envelope = { from: '', to: [], data: '' };
          reply('250 OK');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
