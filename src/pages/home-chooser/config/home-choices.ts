import { HOME_MODES, type HomeMode } from '@/shared/lib/home-type';

/** The chooser's cards: the four modes of the one list, keyed in the `home-chooser` namespace by their id. */
export type HomeChoice = HomeMode;

export const HOME_CHOICES: readonly HomeChoice[] = HOME_MODES;
