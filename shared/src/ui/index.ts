export { AlertBox, type AlertBoxProps, type AlertType } from './AlertBox';
export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { Modal, type ModalProps } from './Modal';
export { EditBasketLink } from './EditBasketLink';
export { Tooltip, type TooltipProps, type TooltipPlacement } from './Tooltip';
export { Spinner } from './Spinner';
export {
  NotificationArea,
  type NotificationAction,
  type NotificationItem,
  type NotificationAreaProps,
} from './NotificationArea';
export {
  OrderSummary,
  OrderSummaryLine,
  OrderSummaryTotal,
  Price,
  PriceBreakdown,
  type PriceBreakdownProps,
  type OrderSummaryProps,
  type OrderSummaryLineProps,
  type OrderSummaryTotalProps,
} from './OrderSummary';
export { cx } from './cx';
export {
  describedBy,
  FieldError,
  TextField,
  SelectField,
  CheckboxField,
  Radio,
  type TextFieldProps,
  type SelectFieldProps,
  type CheckboxFieldProps,
  type RadioProps,
} from './Field';
export { OrganiserSignupLabel } from './OrganiserSignupLabel';
export { focusFirstError } from './focus';
export { useFocusOnArrival } from './useFocusOnArrival';
export { useEffectWhen, useMountEffect } from './effects';
export { SafeHtml, sanitizeHtml, type SafeHtmlProps } from './SafeHtml';
export { copyToClipboard } from './clipboard';
export { pageIsDark } from './theme';
