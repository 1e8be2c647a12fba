import { describe, expect, it } from 'vitest';
import { ALTCHA_ALGORITHMS, loadAltcha } from './load-altcha';

describe('loadAltcha', () => {
  it('defines the widget without writing a <style> element, which the CSP would refuse', async () => {
    await loadAltcha({ label: 'Non sono un robot' });
    expect(customElements.get('altcha-widget')).toBeDefined();
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('registers a solver for the algorithm of our challenges (the external build has none)', async () => {
    await loadAltcha({});
    for (const algorithm of ALTCHA_ALGORITHMS) expect(globalThis.$altcha.algorithms.has(algorithm)).toBe(true);
  });
});
