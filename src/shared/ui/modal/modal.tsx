import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '@/shared/lib/class-names';
import { Icon } from '@/shared/ui/icon';
import { focusableIn, trapTab } from './focus-trap';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's title, rendered as its h2 and used as its accessible name. */
  title: ReactNode;
  /** The close button's accessible label (translated). */
  closeLabel: string;
  children?: ReactNode;
  /** Buttons at the bottom of the dialog. */
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** Clicking the backdrop closes the dialog unless this is false. */
  closeOnBackdrop?: boolean;
  className?: string;
}

/**
 * A modal dialog: rendered into the body, `aria-modal`, named by its title, focus moved in
 * on open, trapped while open and given back to the opener on close, Escape closes, the
 * page behind is inert and does not scroll.
 */
export function Modal({
  open,
  onClose,
  title,
  closeLabel,
  children,
  footer,
  size = 'medium',
  closeOnBackdrop = true,
  className,
}: ModalProps) {
  const titleId = `modal-title-${useId()}`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const doc = dialog.ownerDocument;
    const opener = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
    const [firstField] = focusableIn(dialog).filter((element) => !element.dataset.modalClose);
    (firstField ?? dialog).focus();

    const siblings = Array.from(doc.body.children).filter(
      (element): element is HTMLElement => element instanceof HTMLElement && !element.contains(dialog),
    );
    const wasInert = siblings.map((element) => element.inert);
    siblings.forEach((element) => (element.inert = true));
    const overflow = doc.body.style.overflow;
    doc.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      trapTab(event, dialog);
    };
    doc.addEventListener('keydown', onKeyDown);
    return () => {
      doc.removeEventListener('keydown', onKeyDown);
      siblings.forEach((element, index) => (element.inert = wasInert[index]));
      doc.body.style.overflow = overflow;
      if (opener && opener.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx(styles.dialog, styles[size], className)}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            onClick={onClose}
            aria-label={closeLabel}
            data-modal-close="true"
          >
            <Icon name="close" />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
