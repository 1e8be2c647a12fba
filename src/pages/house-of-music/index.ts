export { HouseOfMusicPage } from './ui/house-of-music-page';
