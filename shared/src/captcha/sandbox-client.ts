/**
 * The offline sandbox challenge's server side (captcha, hCaptcha-like). Not a product API call,
 * so it is not in the contract's `calls`: POST /sandbox/captcha/solve, form `sitekey` (and `outcome` = 'pass' or
 * 'fail' for testers), the XSRF header like every POST; answers { token, expires_in } or 400 { error }.
 */

/** The site key the server names when no real hCaptcha key is configured. */
export const SANDBOX_SITE_KEY = 'sandbox-site-key';

export type SandboxOutcome = 'pass' | 'fail';

export type SandboxAnswer = { ok: true; token: string; expiresIn: number } | { ok: false; error: string };

export interface SolveOptions {
  sitekey: string;
  outcome?: SandboxOutcome;
  /** RuntimeConfig.apiBase: '' when the page and the API share an origin. */
  apiBase?: string;
  fetch?: typeof fetch;
  cookie?: string;
}

/** Said when the sandbox answers nothing usable (network down, not JSON): the provider's own text, in effect. */
export const SANDBOX_UNREACHABLE = 'The challenge could not be checked.';

export function xsrfTokenFrom(cookie: string): string {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'XSRF-TOKEN') return decodeURIComponent(value.join('='));
  }
  return '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export async function solveSandboxCaptcha(options: SolveOptions): Promise<SandboxAnswer> {
  const request = options.fetch ?? fetch;
  const body = new URLSearchParams({
    sitekey: options.sitekey,
    ...(options.outcome ? { outcome: options.outcome } : {}),
  });
  try {
    const response = await request(`${options.apiBase ?? ''}/sandbox/captcha/solve`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        'X-XSRF-TOKEN': xsrfTokenFrom(options.cookie ?? document.cookie),
      },
      body: body.toString(),
    });
    const data: unknown = await response.json().catch(() => null);
    if (response.ok && isRecord(data) && typeof data.token === 'string' && typeof data.expires_in === 'number') {
      return { ok: true, token: data.token, expiresIn: data.expires_in };
    }
    return {
      ok: false,
      error: isRecord(data) && typeof data.error === 'string' && data.error ? data.error : SANDBOX_UNREACHABLE,
    };
  } catch {
    return { ok: false, error: SANDBOX_UNREACHABLE };
  }
}
