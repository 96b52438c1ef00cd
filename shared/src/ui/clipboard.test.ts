import { copyToClipboard } from './clipboard';

// eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be put back on the same document
const original = { clipboard: navigator.clipboard, execCommand: document.execCommand };
afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: original.clipboard, configurable: true });
  document.execCommand = original.execCommand;
});

function withClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: writeText ? { writeText } : undefined, configurable: true });
}

test('uses the Clipboard API when it is there', async () => {
  const written: string[] = [];
  withClipboard(async (text) => void written.push(text));
  await copyToClipboard('hello');
  expect(written).toEqual(['hello']);
});

test('falls back to select-and-copy when the Clipboard API refuses, and leaves nothing behind', async () => {
  withClipboard(() => Promise.reject(new Error('denied')));
  const copied: string[] = [];
  document.execCommand = (command: string) => {
    const area = document.activeElement as HTMLTextAreaElement;
    copied.push(`${command}:${area.value}`);
    return true;
  };
  await copyToClipboard('fallback text');
  expect(copied).toEqual(['copy:fallback text']);
  expect(document.querySelector('textarea')).toBeNull();
});

test('rejects when neither way copied', async () => {
  withClipboard(undefined);
  document.execCommand = () => false;
  await expect(copyToClipboard('x')).rejects.toThrow('could not be copied');
});
