/**
 * A local mail server for the faults tests: 'accept' speaks just enough SMTP to take messages (and keeps them),
 * 'silent' accepts connections and never answers (a server that times out). Nothing listening = refused.
 */
import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export class FakeSmtp {
  readonly received: ReceivedMail[] = [];
  private readonly sockets = new Set<net.Socket>();

  private constructor(private readonly server: net.Server) {}

  static async listen(port: number, mode: 'accept' | 'silent'): Promise<FakeSmtp> {
    // The server's callback runs only once a client connects, after `fake` exists.
    const server = net.createServer((socket) => fake.serve(socket, mode));
    const fake = new FakeSmtp(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return fake;
  }

  private serve(socket: net.Socket, mode: 'accept' | 'silent'): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (mode === 'silent') return;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    reply('220 fake-smtp ready');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let at = buffer.indexOf('\r\n'); at >= 0; at = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            this.received.push(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 2.0.0 queued');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL') {
          mail.from = line.slice(10).trim();
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          mail.to.push(line.slice(8).trim());
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else reply('502 not implemented');
      }
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
