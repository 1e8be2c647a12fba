import { HOME_MODES, type HomeMode } from '@/shared/lib/home-type';

/** The chooser's cards: the four modes of the one list, keyed in the `home-chooser` namespace by their id. */
export type HomeChoice = HomeMode;

/** Buyers are the most visitors: the chooser leads with them, then selling, letting, renting. */
const CHOOSER_ORDER: readonly HomeMode['id'][] = ['buy', 'sell', 'let', 'rent'];

export const HOME_CHOICES: readonly HomeChoice[] = CHOOSER_ORDER.map((id) =>
  HOME_MODES.find((mode) => mode.id === id)!,
);
