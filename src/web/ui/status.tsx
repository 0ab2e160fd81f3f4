import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';

/** A line saying that something is on its way ('Loading…'), announced politely. */
export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <p className="status-text" role="status">
      {children}
    </p>
  );
}

/** A load that failed, with its reason and a Try Again button. */
export function RetryAlert({ title, retryLabel, onRetry, disabled, children }: { title: ReactNode; retryLabel: string; onRetry: () => void; disabled?: boolean; children?: ReactNode }) {
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <button type="button" className="button button--primary" onClick={onRetry} disabled={disabled}>
          {retryLabel}
        </button>
      }
    >
      {children}
    </Alert>
  );
}
