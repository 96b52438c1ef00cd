import { allSettled, fork } from 'effector';
import { sampleUser } from '@checkout/shared/testing';
import { getUserFx } from '../api/effects';
import { loadUserFx, refreshUser } from '../user';
import './theme';

describe('dark theme marker', () => {
  afterEach(() => delete document.documentElement.dataset.theme);

  test('is set on <html> for a user in dark mode and removed when that changes', async () => {
    const users = [sampleUser({ is_dark_mode: true }), sampleUser({ is_dark_mode: false })];
    const scope = fork({ handlers: [[getUserFx, async () => users.shift() ?? null]] });
    await allSettled(loadUserFx, { scope });
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    await allSettled(refreshUser, { scope });
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });
});
