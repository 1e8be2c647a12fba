import { modalStore, useCurrentModal, type ModalRequest, type ModalStore } from '../../model/modal-store';
import { CareersModal } from '../careers-modal/careers-modal';

/** The one place modals render: the store's current request, by kind. */
export function ModalHost({ store = modalStore }: { store?: ModalStore }) {
  const current = useCurrentModal(store);
  if (!current) return null;
  return <ModalByKind request={current} onClose={() => store.close()} />;
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
