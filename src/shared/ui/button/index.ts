export {
  Button,
  buttonClassName,
  type ButtonProps,
  type ButtonAsButtonProps,
  type ButtonAsLinkProps,
  type ButtonVariant,
  type ButtonSize,
  type ButtonStyleOptions,
} from './button';
