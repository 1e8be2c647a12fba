export { Container, type ContainerProps } from './container';
