export { formatMoney, formatBookingFee } from './money';
export { formatCount, plural } from './count';
export {
  parseServerDate,
  formatDateLong,
  formatDateShort,
  formatTime,
  formatDateNumeric,
  parseDateNumeric,
  type DateInput,
} from './date';
export { formatDuration, formatClock } from './duration';
