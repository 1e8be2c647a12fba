export { Page, ModeNav, type PageProps, type ModeNavItem } from './page';
