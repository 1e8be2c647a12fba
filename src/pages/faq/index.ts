export { FaqPage, type FaqPageProps } from './ui/faq-page';
export { FAQ_VARIANTS, type FaqVariant } from './model/faq-variant';
