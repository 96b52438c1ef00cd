import { createElement, useEffect, useState } from 'react';
import { ORGANISER_HTML_FORBIDDEN_TAGS } from '../contract/constants';

/**
 * HTML from organisers (charity descriptions, ticket questions, after-sale messages) is stored as given and cleaned
 * here, in the page, before it touches the DOM. DOMPurify is fetched only when a step first shows such HTML, so steps
 * without any do not carry it.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  const { default: DOMPurify } = await import(/* webpackChunkName: "dompurify" */ 'dompurify');
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: [...ORGANISER_HTML_FORBIDDEN_TAGS] });
}

export interface SafeHtmlProps {
  html: string;
  /** The element wrapping the cleaned HTML; 'div' unless the HTML sits inside a label or a sentence. */
  as?: 'div' | 'span';
  className?: string;
  id?: string;
}

/** Organiser HTML, rendered only once DOMPurify has cleaned it; nothing shows until then. */
export function SafeHtml({ html, as = 'div', className, id }: SafeHtmlProps) {
  const [clean, setClean] = useState<{ source: string; html: string } | null>(null);
  useEffect(() => {
    let live = true;
    void sanitizeHtml(html).then((result) => live && setClean({ source: html, html: result }));
    return () => {
      live = false;
    };
  }, [html]);
  // Never show a previous input's cleaned HTML for a new input.
  const current = clean?.source === html ? clean.html : '';
  return createElement(as, { className, id, dangerouslySetInnerHTML: { __html: current } });
}
