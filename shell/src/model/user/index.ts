export { $user, $userLoaded, loadUserFx, refreshUser, refreshUserFx } from './user';
