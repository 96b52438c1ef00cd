import { allSettled, fork } from 'effector';
import { sampleUser } from '@checkout/shared/testing';
import { getUserFx } from '../api/effects';
import { $user, loadUserFx, refreshUser, refreshUserFx } from './user';

describe('user cache', () => {
  test('is loaded once, then served from the cache', async () => {
    const getUser = jest.fn(async () => sampleUser());
    const scope = fork({ handlers: [[getUserFx, getUser]] });
    await allSettled(loadUserFx, { scope });
    await allSettled(loadUserFx, { scope });
    expect(getUser).toHaveBeenCalledTimes(1);
    expect(scope.getState($user)?.email).toBe(sampleUser().email);
  });

  test('a guest (null) is cached too', async () => {
    const getUser = jest.fn(async () => null);
    const scope = fork({ handlers: [[getUserFx, getUser]] });
    await allSettled(loadUserFx, { scope });
    await allSettled(loadUserFx, { scope });
    expect(getUser).toHaveBeenCalledTimes(1);
    expect(scope.getState($user)).toBeNull();
  });

  test('refreshUser clears the cache and loads again', async () => {
    const users = [sampleUser({ first_name: 'Old' }), sampleUser({ first_name: 'New' })];
    const getUser = jest.fn(async () => users.shift() ?? null);
    const scope = fork({ handlers: [[getUserFx, getUser]] });
    await allSettled(loadUserFx, { scope });
    await allSettled(refreshUser, { scope });
    expect(getUser).toHaveBeenCalledTimes(2);
    expect(scope.getState($user)?.first_name).toBe('New');
    await allSettled(loadUserFx, { scope });
    expect(getUser).toHaveBeenCalledTimes(2);
  });

  test('a failing refresh rejects with no detail and leaves no user', async () => {
    const scope = fork({
      values: [[$user, sampleUser()]],
      handlers: [
        [getUserFx, () => Promise.reject({ kind: 'http', call: 'getUser', status: 500, message: '', body: 'secret' })],
      ],
    });
    const result = await allSettled(refreshUserFx, { scope });
    expect(result).toEqual({ status: 'fail', value: undefined });
    expect(scope.getState($user)).toBeNull();
  });
});
