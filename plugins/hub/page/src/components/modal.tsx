import { useEffect, useRef, type ReactNode } from "react";

/**
 * A native modal `<dialog>`: the browser traps focus, Esc cancels and the rest of the page is inert, which is
 * the accessible behaviour without a library.
 */
export function Modal({
  open,
  title,
  testId,
  onCancel,
  children,
  className = "",
}: {
  open: boolean;
  title: string;
  testId: string;
  onCancel: () => void;
  children: ReactNode;
  className?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={`modal ${className}`}
      data-testid={testId}
      aria-label={title}
      onCancel={(event) => {
        // Esc: let React state close it, so state and DOM never disagree.
        event.preventDefault();
        onCancel();
      }}
    >
      {open ? (
        <>
          <h2 className="modal-title">{title}</h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
