export { HomeChooserPage } from './ui/home-chooser-page';
