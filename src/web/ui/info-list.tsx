import type { ReactNode } from 'react';

/** One row of an `info-list` (a `<dl>`): what it is, and its value. */
export function InfoRow({ term, children, className }: { term: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
