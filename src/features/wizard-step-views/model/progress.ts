/**
 * The "Domanda X di Y" the frame shows: `wizardProgress` of domain/wizard-progress.ts, which
 * both wizards' views compute (src/processes/wizard). A fixed place on the flow, so going
 * forward the number only grows and the total never changes, whatever the answers choose.
 */
export interface WizardProgress {
  /** The step's place, from 1. */
  current: number;
  /** The places of the flow's questions: the same from the first step to the last. */
  total: number;
  /** A step after the questions (the password, the payment, the publication ...): the count is complete. */
  beyond?: boolean;
}
