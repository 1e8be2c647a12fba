import { createContext, useContext } from 'react';
import type { FirstPasswordOutcome, PageDraftFacts } from './page-types';

/**
 * What the listing wizard's own step views need beyond the shared step contract
 * (features/wizard-step-views, StepViewProps): the summary jumps to a step, the title and the
 * description read what the server said of the draft, step 30 sets the password.
 */
export interface ListingWizardExtras {
  goTo(step: number): void;
  draft: PageDraftFacts | null;
  username: string | null;
  account: 'anonymous' | 'silent' | 'loggedIn';
  setFirstPassword(password: string): Promise<FirstPasswordOutcome>;
  openLogin(email?: string): void;
}

export const ListingWizardExtrasContext = createContext<ListingWizardExtras | null>(null);

export function useWizardExtras(): ListingWizardExtras {
  const extras = useContext(ListingWizardExtrasContext);
  if (!extras) throw new Error('A listing wizard step view renders inside ListingWizardPage');
  return extras;
}
