export { default as detailLayout } from './detail-layout.module.css';
