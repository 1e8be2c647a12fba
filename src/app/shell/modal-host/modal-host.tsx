import { lazy, Suspense } from 'react';
import { modalStore, useCurrentModal, type ModalRequest, type ModalStore } from '../../model/modal-store';

// Modals load when first opened: none of them is part of a page's first screen.
const CareersModal = lazy(() => import('../careers-modal/careers-modal').then((module) => ({ default: module.CareersModal })));

/** The one place modals render: the store's current request, by kind. */
export function ModalHost({ store = modalStore }: { store?: ModalStore }) {
  const current = useCurrentModal(store);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ModalByKind request={current} onClose={() => store.close()} />
    </Suspense>
  );
}

function ModalByKind({ request, onClose }: { request: ModalRequest; onClose: () => void }) {
  switch (request.kind) {
    case 'careers':
      return <CareersModal onClose={onClose} />;
    default: {
      const exhaustive: never = request.kind;
      return exhaustive;
    }
  }
}
