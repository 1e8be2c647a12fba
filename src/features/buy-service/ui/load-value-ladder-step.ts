/**
 * Step 28's view, loaded when the wizard reaches it (the listing page's registry:
 * `valueLadder: loadValueLadderStep`), so the plans and their styles stay out of the first screen.
 */
export const loadValueLadderStep = () => import('./value-ladder-step');
