export { pageViewFx, type PageView } from './page-views';
