import { HOME_TYPE, type HomeType } from '@/shared/lib/home-type';

export interface HomeChoice {
  /** Key of the choice in the `home-chooser` namespace. */
  key: 'buy' | 'sell' | 'let' | 'rent';
  homeType: HomeType;
  to: '/comprocasa' | '/vendocasa' | '/affittocasa' | '/trovocasa';
}

export const HOME_CHOICES: readonly HomeChoice[] = [
  { key: 'buy', homeType: HOME_TYPE.BUYER, to: '/comprocasa' },
  { key: 'sell', homeType: HOME_TYPE.SELLER, to: '/vendocasa' },
  { key: 'let', homeType: HOME_TYPE.LANDLORD, to: '/affittocasa' },
  { key: 'rent', homeType: HOME_TYPE.RENTER, to: '/trovocasa' },
];
