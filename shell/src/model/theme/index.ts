export { applyThemeFx } from './theme';
