export { editBasket } from './edit-basket';
