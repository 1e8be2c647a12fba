export { ensureMaplibreStylesheet } from './maplibre-setup';
