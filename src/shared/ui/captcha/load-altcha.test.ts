import { describe, expect, it } from 'vitest';
import { loadAltcha } from './load-altcha';

describe('loadAltcha', () => {
  it('defines the widget without writing a <style> element, which the CSP would refuse', async () => {
    await loadAltcha({ label: 'Non sono un robot' });
    expect(customElements.get('altcha-widget')).toBeDefined();
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });
});
