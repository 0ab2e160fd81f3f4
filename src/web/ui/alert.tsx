import type { ReactNode } from 'react';

/** A message in the page; 'error' is announced at once, 'info' politely. */
export function Alert({ tone = 'info', title, children, action }: { tone?: 'info' | 'error' | 'success' | 'warning'; title?: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="alert__title">{title}</p> : null}
      {children ? <div className="alert__body">{children}</div> : null}
      {action ? <div className="alert__action">{action}</div> : null}
    </div>
  );
}
