export { clearDraftsFx } from './drafts';
