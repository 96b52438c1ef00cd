// A mail sink for the compose test: accepts any message on SMTP port 1025 and lists it on HTTP port 8025 in the shape
// of Mailpit's API (the part the test reads). `mailpit readyz` is the health check, as in the real image.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

if (process.argv[2] === 'readyz') {
  fetch('http://127.0.0.1:8025/readyz').then(
    (r) => process.exit(r.ok ? 0 : 1),
    () => process.exit(1),
  );
} else {
  const messages = [];
  let next = 1;
  const address = (list) => (list?.value ?? []).map((a) => ({ Name: a.name ?? '', Address: a.address ?? '' }));

  new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.unshift({
            ID: String(next++),
            Subject: mail.subject ?? '',
            From: address(mail.from)[0] ?? { Name: '', Address: '' },
            To: address(mail.to),
            Created: (mail.date ?? new Date()).toISOString(),
            Text: mail.text ?? '',
            HTML: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        },
        (error) => callback(error),
      );
    },
  }).listen(1025, '0.0.0.0');

  http
    .createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://mailpit');
      const json = (status, body) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (url.pathname === '/readyz') return json(200, { ok: true });
      if (url.pathname === '/api/v1/messages') {
        if (request.method === 'DELETE') {
          messages.length = 0;
          return json(200, {});
        }
        // The list leaves the bodies out, as Mailpit's does.
        const summaries = messages.map((m) => ({
          ID: m.ID,
          Subject: m.Subject,
          From: m.From,
          To: m.To,
          Created: m.Created,
        }));
        return json(200, { total: summaries.length, messages_count: summaries.length, messages: summaries });
      }
      const one = /^\/api\/v1\/message\/([^/]+)$/.exec(url.pathname);
      if (one) {
        const message = messages.find((m) => m.ID === one[1]);
        return message ? json(200, message) : json(404, { error: 'not found' });
      }
      json(404, { error: 'not found' });
    })
    .listen(8025, '0.0.0.0');
  console.log('mail sink: SMTP on 1025, API on 8025');
}
