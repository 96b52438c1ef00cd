import { createEffect, sample } from 'effector';
import { $user } from '../user';

/** The dark theme marker on <html> (the user's is_dark_mode); the tokens switch on [data-theme]. */
export const applyThemeFx = createEffect((dark: boolean) => {
  const root = document.documentElement;
  if (dark) root.dataset.theme = 'dark';
  else delete root.dataset.theme;
});

sample({ clock: $user.updates, fn: (user) => user?.is_dark_mode === true, target: applyThemeFx });
