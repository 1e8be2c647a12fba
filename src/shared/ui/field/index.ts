export { Field, FieldMessage, type FieldProps, type FieldMessageProps, type FieldControlProps } from './field';
export { default as fieldStyles } from './field.module.css';
