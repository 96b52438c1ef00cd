import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../web/html';

/** Placeholder thumbnails for the demo catalogue (/assets/demo/<name>.svg): a colour from the name, and the name. */
function svgFor(name: string): string {
  const hue = createHash('sha256').update(name).digest()[0] ?? 0;
  const label = escapeHtml(name.replace(/-/g, ' '));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="225" viewBox="0 0 400 225" role="img" aria-label="${label}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 70% 30%)"/></linearGradient></defs><rect width="400" height="225" fill="url(#g)"/><text x="24" y="200" fill="#fff" font-family="system-ui,sans-serif" font-size="28">${label}</text></svg>`;
}

export function registerDemoImages(app: FastifyInstance): void {
  const cache = new Map<string, string>();
  app.get<{ Params: { name: string } }>('/assets/demo/:name', async (request, reply) => {
    const match = /^([a-z0-9-]{1,40})\.svg$/.exec(request.params.name);
    if (!match?.[1]) return reply.code(404).send({ error: 'No such image.' });
    let svg = cache.get(match[1]);
    if (!svg) {
      svg = svgFor(match[1]);
      if (cache.size < 100) cache.set(match[1], svg);
    }
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}
