export { Text, type TextProps } from './text';
