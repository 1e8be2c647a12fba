export {
  modalStore,
  createModalStore,
  useCurrentModal,
  type ModalRequest,
  type ModalKind,
  type ModalStore,
  type LoginNotice,
} from './modal-store';
