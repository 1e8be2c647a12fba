/** Step 2's view in its own chunk (with the picker; the map is a chunk of its own again). */
export const loadLocalityStep = () => import('./locality-step');
