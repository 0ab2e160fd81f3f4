import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { sortUnits } from '../../../shared/domain/availability.ts';
import { categoryAnchor, type Category } from '../../../shared/domain/categories.ts';
import { spaceToday } from '../../../shared/domain/time.ts';
import { useOnline } from '../../app/use-online.ts';
import { commonMessages } from '../../i18n/common.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLanguage, useMessages } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { InventoryLoadError, officesQueryOptions, type InventoryProblem } from './api/get-offices.ts';
import { FloorPlan } from './floor-plan.tsx';
import { InventoryCards } from './inventory-cards.tsx';
import { InventoryTable } from './inventory-table.tsx';
import { inventoryMessages, type InventoryMessages } from './messages.ts';
import { useUnitActions } from './unit-actions.tsx';

function problemText(problem: InventoryProblem, m: InventoryMessages): string {
  switch (problem.kind) {
    case 'rate-limited':
      return m.rateLimited(problem.seconds);
    case 'http':
      return m.httpError(problem.status, problem.text);
    case 'failed':
      return m.fetchFailed;
    case 'network':
      return m.networkError;
  }
}

/** The anchor the page was opened with (a cancelled checkout comes back to one). */
function useHashTarget(ready: boolean): string | null {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    const element = id ? document.getElementById(id) : null;
    if (!element) return;
    setTarget(id);
    element.scrollIntoView({ block: 'center' });
    const timer = window.setTimeout(() => setTarget(null), 6000);
    return () => window.clearTimeout(timer);
  }, [ready]);
  return target;
}

export function InventoryPage({ category }: { category: Category }) {
  const m = useMessages(inventoryMessages);
  const common = useMessages(commonMessages);
  const { locale } = useLanguage();
  const online = useOnline();
  const query = useQuery(officesQueryOptions());
  const categoryName = common.categories[category.slug];

  useEffect(() => {
    document.title = common.pageTitle(categoryName);
  }, [common, categoryName]);

  // The list renders from a deferred copy: the router and the query store update
  // synchronously, and a category of rows rendered in one go would hold a phone's main thread.
  // React renders the deferred copy in slices, keeping the loading text (or the previous
  // list) meanwhile; the initial null makes the first mount deferred too.
  const data = useDeferredValue(query.data ?? null, null);
  const allOffices = useMemo(() => data?.offices ?? [], [data]);
  const units = useMemo(() => sortUnits(allOffices.filter((o) => o.service_type === category.serviceType)), [allOffices, category.serviceType]);
  const { onAction, dialog } = useUnitActions(allOffices);
  const highlighted = useHashTarget(units.length > 0);
  const today = spaceToday(new Date());

  let notice: string | null = null;
  if (data) {
    const savedAt = data.snapshotAt ?? new Date(query.dataUpdatedAt).toISOString();
    if (data.snapshotAt || !online) notice = m.snapshotNotice(formatDateTime(savedAt, locale));
    else if (query.isError) notice = m.staleNotice(formatDateTime(savedAt, locale));
  }

  let body;
  if (data) {
    if (units.length === 0) body = <p className="status-text">{m.empty}</p>;
    else if (category.layout === 'table') body = <InventoryTable offices={units} today={today} caption={categoryName} highlighted={highlighted} onAction={onAction} />;
    else {
      const anchor = categoryAnchor(category) ?? category.slug;
      body = <InventoryCards offices={units} anchor={anchor} label={categoryName} highlighted={highlighted === anchor} onAction={onAction} />;
    }
  } else if (query.isError) {
    const problem = query.error instanceof InventoryLoadError ? query.error.problem : ({ kind: 'failed' } as const);
    body = (
      <Alert
        tone="error"
        title={m.errorTitle}
        action={
          <button type="button" className="button button--primary" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {m.tryAgain}
          </button>
        }
      >
        <p>{problemText(problem, m)}</p>
      </Alert>
    );
  } else {
    body = (
      <p className="status-text" role="status">
        {m.loading}
      </p>
    );
  }

  return (
    <>
      {notice ? <Alert tone="warning">{notice}</Alert> : null}
      <section aria-labelledby="category-heading" className="inventory">
        <h2 id="category-heading" className="visually-hidden">
          {categoryName}
        </h2>
        {body}
      </section>
      {data ? (
        <footer className="inventory-footer">
          {m.lastUpdated} <time dateTime={data.lastUpdated}>{formatDateTime(data.lastUpdated, locale)}</time>
        </footer>
      ) : null}
      <FloorPlan />
      {dialog}
    </>
  );
}
