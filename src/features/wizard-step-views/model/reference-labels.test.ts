import { describe, expect, it } from 'vitest';
import { REFERENCE_IDS } from '@domain/wizard-steps';
import wizard from '../../../../locales/it/wizard.json';

// The Italian names of the reference ids the wizards show: every id the steps accept has a
// label and no label is left over. (machines/wizard-steps.test.ts checks REFERENCE_IDS against
// the seed; the names were copied from the seed's reference-lists.json.)

const labels = wizard as unknown as Record<string, Record<string, string>>;

describe('reference labels (locales/it/wizard.json)', () => {
  for (const [list, ids] of Object.entries(REFERENCE_IDS)) {
    it(`names every ${list} id the wizard accepts, and only those`, () => {
      expect(
        Object.keys(labels[list])
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual([...ids]);
      for (const id of ids) expect(labels[list][String(id)].trim()).not.toBe('');
    });
  }
});
