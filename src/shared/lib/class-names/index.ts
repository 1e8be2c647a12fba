export { cx, type ClassValue } from './class-names';
