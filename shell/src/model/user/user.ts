import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import type { User } from '@checkout/shared';
import { getUserFx } from '../api/effects';

/** The signed-in user, or null for a guest (or before the first load). */
export const $user = createStore<User | null>(null);
/** Whether $user holds an answer: the user is loaded once and then served from here. */
export const $userLoaded = createStore(false);

/** The cached user, loading it the first time. */
export const loadUserFx = attach({
  source: { user: $user, loaded: $userLoaded },
  effect: createEffect(({ user, loaded }: { user: User | null; loaded: boolean }) => (loaded ? user : getUserFx())),
});

/** Clear the cache and load again. A failing refresh rejects with no detail. */
export const refreshUser = createEvent();
export const refreshUserFx = createEffect<void, User | null, void>(async () => {
  try {
    return await getUserFx();
  } catch {
    // The spec's 'rejects with no detail': the caller learns that it failed, nothing else.
    return Promise.reject<User | null>();
  }
});

$user.on(getUserFx.doneData, (_, user) => user).reset(refreshUserFx);
$userLoaded.on(getUserFx.done, () => true).reset(refreshUserFx);

sample({ clock: refreshUser, target: refreshUserFx });
