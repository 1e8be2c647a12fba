import { useCallback } from 'react';
import type { REFERENCE_IDS } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';

/** The reference lists with Italian names in locales/it/wizard.json (ids as in REFERENCE_IDS). */
export type ReferenceList = keyof typeof REFERENCE_IDS;

/** `label('heatingTypes', 1)` → 'Autonomo': the Italian name of a reference id. */
export function useReferenceLabel(): (list: ReferenceList, id: number) => string {
  const { t } = useTranslation('wizard');
  return useCallback((list: ReferenceList, id: number) => t(`${list}.${id}`), [t]);
}
