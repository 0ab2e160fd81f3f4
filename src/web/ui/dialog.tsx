import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  closeLabel: string;
  /** 'sheet' fills a phone screen; 'wide' suits a tablet form. */
  size?: 'normal' | 'wide' | 'full';
  className?: string;
}

/**
 * A modal on the native <dialog>: the browser traps focus, Escape closes it, and the rest of
 * the page is inert while it is open.
 */
export function Dialog({ title, onClose, children, closeLabel, size = 'normal', className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const handleClose = () => onCloseRef.current();
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={ref} className={`dialog dialog--${size} ${className ?? ''}`} aria-labelledby={titleId}>
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={closeLabel} onClick={() => ref.current?.close()}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
