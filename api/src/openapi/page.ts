import { escapeHtml, html, layout, type PageAssets, SafeHtml } from '../web/html';
import { OPENAPI_PATH, RESPONSE_REF_PREFIX, SCHEMA_REF_PREFIX, type OpenApiDocument } from './document';

const schemaAnchor = (name: string) => `schema-${name}`;

/**
 * A schema as indented JSON, each $ref to a named schema a link to that schema's entry further down the page (the
 * document names its shared entities once instead of repeating them).
 */
function prettySchema(value: unknown): SafeHtml {
  const escaped = escapeHtml(JSON.stringify(value, null, 2));
  const prefix = escapeHtml(`"${SCHEMA_REF_PREFIX}`);
  let out = '';
  let rest = escaped;
  for (let at = rest.indexOf(prefix); at >= 0; at = rest.indexOf(prefix)) {
    const end = rest.indexOf(escapeHtml('"'), at + prefix.length);
    const name = rest.slice(at + prefix.length, end);
    out += `${rest.slice(0, at)}<a href="#${schemaAnchor(name)}">${rest.slice(at, end + escapeHtml('"').length)}</a>`;
    rest = rest.slice(end + escapeHtml('"').length);
  }
  return new SafeHtml(`<pre>${out}${rest}</pre>`);
}

/**
 * The OpenAPI document as a plain server-rendered page: operations grouped by tag, each with its summary, security and
 * request and response schemas in collapsible blocks, then the named schemas they point at. No script and nothing from
 * a CDN; the raw document is one link away.
 */
export function renderOpenApiPage(document: OpenApiDocument, assets: PageAssets): string {
  const { components } = document;
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
  const security =
    op.security.length === 0
      ? 'public'
      : op.security.map((requirement) => Object.keys(requirement).join(' + ')).join(' or ');
  return html`<li class="ticket operation stack" id="${op.operationId}">
<p class="ticket__name"><code>${method} ${path}</code></p>
<p><strong>${op.summary}</strong></p>
${op.description ? html`<p class="prose">${op.description}</p>` : ''}
<p class="event__meta">Security: ${security}</p>
${op.parameters?.length ? html`<details><summary>Query parameters</summary>${prettySchema(op.parameters)}</details>` : ''}
${request ? html`<details><summary>Request body (${request[0]})</summary>${prettySchema(request[1].schema)}</details>` : ''}
${Object.entries(op.responses).map(([status, ref]) => {
  const response = '$ref' in ref ? components.responses[ref.$ref.slice(RESPONSE_REF_PREFIX.length)] : ref;
  if (!response) return '';
  return html`<details><summary>Response ${status}: ${response.description}</summary>${
    response.content
      ? Object.entries(response.content).map(([type, body]) => html`<p>${type}</p>${prettySchema(body.schema)}`)
      : ''
  }</details>`;
})}
</li>`;
})}
</ul>
</section>`;
  });
  const schemas = html`<section class="stack" aria-labelledby="schemas">
<h2 id="schemas">Schemas</h2>
<ul class="tickets">
${Object.entries(components.schemas).map(
  ([name, schema]) => html`<li class="ticket operation stack" id="${schemaAnchor(name)}">
<p class="ticket__name"><code>${name}</code></p>
${typeof schema.description === 'string' ? html`<p>${schema.description}</p>` : ''}
<details><summary>Schema ${name}</summary>${prettySchema(schema)}</details>
</li>`,
)}
</ul>
</section>`;
  const security = html`<section class="stack" aria-labelledby="security">
<h2 id="security">Security</h2>
<dl>
${Object.entries(components.securitySchemes).map(
  ([name, scheme]) =>
    html`<dt><code>${name}</code>: ${scheme.in} <code>${scheme.name}</code></dt><dd>${scheme.description}</dd>`,
)}
</dl>
</section>`;
  const body = html`<h1>${document.info.title} (${document.info.version})</h1>
<p class="prose">${document.info.description}</p>
<p><a href="${OPENAPI_PATH}">The OpenAPI 3.1 document (JSON)</a></p>
${security}
${sections}
${schemas}`;
  // One column: the events page's two-column ticket rows would squeeze an operation's text beside a wide schema.
  const style = new SafeHtml(
    '<style>.ticket.operation{grid-template-columns:minmax(0,1fr)}pre{overflow:auto;max-height:24rem;font-size:var(--fs-sm)}details summary{cursor:pointer}</style>',
  );
  // A reference for developers, built once from the contract: it shows no payment, so no TEST MODE strip.
  return layout({ title: `${document.info.title}`, body: html`${style}${body}`, assets, testMode: false });
}
