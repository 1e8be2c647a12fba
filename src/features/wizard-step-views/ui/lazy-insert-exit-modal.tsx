import { lazy, Suspense, useState } from 'react';
import type { InsertExitModalProps } from './insert-exit-modal';

const InsertExitModal = lazy(() =>
  import('./insert-exit-modal').then((module) => ({ default: module.InsertExitModal })),
);

/**
 * The "insert exit" modal, loaded the first time it opens: a wizard's first screen carries
 * neither it nor the modal dialog. Once loaded it stays mounted (closed), as InsertExitModal.
 */
export function LazyInsertExitModal(props: InsertExitModalProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <InsertExitModal {...props} />
    </Suspense>
  );
}
