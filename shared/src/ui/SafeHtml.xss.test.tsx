import { render, screen, waitFor } from '@testing-library/react';
import { hostileMarkupIn, XSS_PAYLOADS } from '../testing/xss-payloads';
import { SafeHtml } from './SafeHtml';

/**
 * Organisers' HTML (question text, after-sale messages, charity descriptions) goes through SafeHtml: with the whole
 * payload list, nothing that can run code reaches the DOM and the organiser's own text still shows.
 */
declare global {
  interface Window {
    __xss?: unknown;
  }
}

test.each(XSS_PAYLOADS.map((payload) => [payload]))('%s', async (payload) => {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  const { container } = render(<SafeHtml html={`<p>Organiser text</p>${payload}`} />);
  await waitFor(() => expect(screen.getByText('Organiser text')).toBeInTheDocument());
  expect(hostileMarkupIn(container)).toEqual([]);
  expect(window.__xss).toBeUndefined();
  expect(alert).not.toHaveBeenCalled();
  alert.mockRestore();
});

test('the checker itself finds what the payloads try to plant', () => {
  const raw = document.createElement('div');
  raw.innerHTML =
    '<img src=x onerror="x()"><a href=" javascript:x()">a</a><iframe srcdoc="x"></iframe><script></script>';
  expect(hostileMarkupIn(raw)).toEqual([
    'img[onerror]',
    'a[href= javascript:x()]',
    '<iframe>',
    'iframe[srcdoc]',
    '<script>',
  ]);
});
