export { FileField, type FileFieldProps } from './file-field';
