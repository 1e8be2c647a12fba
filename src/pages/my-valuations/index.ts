export { MyValuationsPage } from './ui/my-valuations-page';
