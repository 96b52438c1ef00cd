import { render, screen, waitFor } from '@testing-library/react';
import { SafeHtml, sanitizeHtml } from './SafeHtml';

describe('sanitizeHtml', () => {
  it.each([
    ['<img src=x onerror="window.__xss=1">', '<img src="x">'],
    ['<script>window.__xss=1</script><b>bold</b>', '<b>bold</b>'],
    ['<a href="javascript:alert(1)">go</a>', '<a>go</a>'],
    ['<p>Plain <em>text</em></p>', '<p>Plain <em>text</em></p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    [
      '<p>Pay here</p><form action="https://evil.example"><input name="card"><button>Pay</button></form>',
      '<p>Pay here</p>Pay',
    ],
    ['<style>body{display:none}</style><p>Hi</p>', '<p>Hi</p>'],
  ])('%s → %s', async (input, expected) => {
    expect(await sanitizeHtml(input)).toBe(expected);
  });
});

describe('SafeHtml', () => {
  it('renders the cleaned HTML only', async () => {
    const { container } = render(<SafeHtml html={'<strong>Hello</strong><img src=x onerror="alert(1)">'} />);
    await waitFor(() => expect(screen.getByText('Hello')).toBeInTheDocument());
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('renders inside a span when asked', async () => {
    const { container } = render(<SafeHtml as="span" html="<em>Hi</em>" />);
    await waitFor(() => expect(screen.getByText('Hi')).toBeInTheDocument());
    expect(container.firstElementChild?.tagName).toBe('SPAN');
  });
});
