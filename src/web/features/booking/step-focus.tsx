import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A dialog step's content. When a step replaces another, the button that was pressed is gone,
 * so focus moves to the new step instead of falling out of the dialog.
 */
export function Step({ children, focusOnMount }: { children: ReactNode; focusOnMount: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <div ref={ref} tabIndex={-1} className="booking-step">
      {children}
    </div>
  );
}
