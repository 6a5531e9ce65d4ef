import { type ReactNode, useEffect, useId, useRef } from 'react';
import { DialogToaster } from '../feedback/app-toaster.tsx';
import { IconButton } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import * as styles from './modal.css.ts';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Called by the close icon, Escape and a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** The close icon's accessible name. */
  closeLabel?: string;
}

/**
 * A modal dialog on the native `<dialog>`: the browser traps focus, makes the page behind inert and
 * returns focus on close. Escape, the backdrop and a close by the browser itself go through `onClose`, so the
 * owner keeps the state.
 * The dialog is in the top layer, above the page's toasts, so it draws the toasts itself while open.
 */
export function Modal({ open, title, onClose, children, wide = false, closeLabel = 'Close' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom has no showModal; the attribute alone keeps the content visible there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={[styles.dialog, wide && styles.wide].filter(Boolean).join(' ')}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The browser may close the dialog itself: Chrome's close watcher skips the cancellable `cancel` after a
      // cancel with no user activation since, and closes on Escape at once. The owner is told, so its state
      // does not keep a dialog "open" that the next render would show again. (Our own closes unmount it: no event.)
      onClose={() => onClose()}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <IconButton label={closeLabel} icon={<CloseIcon size={18} />} onClick={onClose} />
      </div>
      <div className={styles.body}>{children}</div>
      <DialogToaster />
    </dialog>
  );
}
