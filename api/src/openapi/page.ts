import { html, layout, type PageAssets, SafeHtml } from '../pages/html';
import { OPENAPI_PATH, type OpenApiDocument } from './document';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The OpenAPI document as a plain server-rendered page: operations grouped by tag, each with its request and response
 * schemas in collapsible blocks. No script and nothing from a CDN; the raw document is one link away.
 */
export function renderOpenApiPage(document: OpenApiDocument, assets: PageAssets): string {
  const sections = document.tags.map((tag) => {
    const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.tags.includes(tag.name))
        .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    return html`<section class="stack" aria-labelledby="tag-${tag.name}">
<h2 id="tag-${tag.name}">${tag.name}</h2>
<p class="event__meta">${tag.description}</p>
<ul class="tickets">
${operations.map(({ path, method, op }) => {
  const request = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
  return html`<li class="ticket stack" id="${op.operationId}">
<p class="ticket__name"><code>${method} ${path}</code></p>
<p>${op.summary}${op.description ? html` — ${op.description}` : ''}</p>
${op.parameters?.length ? html`<details><summary>Query parameters</summary><pre>${pretty(op.parameters)}</pre></details>` : ''}
${request ? html`<details><summary>Request body (${request[0]})</summary><pre>${pretty(request[1].schema)}</pre></details>` : ''}
${Object.entries(op.responses).map(
  ([status, response]) =>
    html`<details><summary>Response ${status}: ${response.description}</summary>${
      response.content ? Object.entries(response.content).map(([type, body]) => html`<p>${type}</p><pre>${pretty(body.schema)}</pre>`) : ''
    }</details>`,
)}
</li>`;
})}
</ul>
</section>`;
  });
  const body = html`<h1>${document.info.title} (${document.info.version})</h1>
<p class="prose">${document.info.description}</p>
<p><a href="${OPENAPI_PATH}">The OpenAPI 3.1 document (JSON)</a></p>
${sections}`;
  const style = new SafeHtml('<style>pre{overflow:auto;max-height:24rem;font-size:var(--fs-sm)}details summary{cursor:pointer}</style>');
  return layout({ title: `${document.info.title}`, body: html`${style}${body}`, assets });
}
