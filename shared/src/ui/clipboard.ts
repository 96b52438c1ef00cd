/**
 * Copies text for the buyer: the asynchronous Clipboard API where the page may use it, else the older
 * select-and-copy of a hidden textarea (some in-app browsers, http origins). Rejects when neither worked, so a
 * caller only says 'Copied' when the text really is on the clipboard.
 */
export async function copyToClipboard(text: string): Promise<void> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return;
    }
  } catch {
    // Refused (no permission, page not focused): try the older way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  area.focus();
  area.select();
  const copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  area.remove();
  previous?.focus();
  if (!copied) throw new Error('The text could not be copied');
}
