import { useSuspenseQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { sortUnits } from '../../../shared/domain/availability.ts';
import { cancelAnchor, categoryAnchor, type Category } from '../../../shared/domain/categories.ts';
import { spaceTodayQuick } from '../../../shared/domain/time.ts';
import { site } from '../../../shared/site.ts';
import { officesQueryOptions, type Inventory } from '../../app/offices.ts';
import { useOnline } from '../../app/use-online.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { InventoryCards } from './inventory-cards.tsx';
import { InventoryPending, InventorySection } from './inventory-states.tsx';
import { InventoryTable } from './inventory-table.tsx';
import { inventoryCatalogue } from './catalogue.ts';
import { useUnitActions, type UnitActionDialogs } from './unit-actions.tsx';

const taxNoteId = 'inventory-tax-note';
const listRenderedMark = 'inventory:list-rendered';

/**
 * The anchor the page was opened with (a cancelled checkout comes back to one): a row of the
 * table, which scrolls to it even when it is far down, or a category's cards. Highlighted a
 * few seconds.
 */
function useHashTarget(anchors: readonly string[]): string | null {
  const [target, setTarget] = useState<string | null>(null);
  const ready = anchors.length > 0;
  useEffect(() => {
    if (!ready) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id || !anchors.includes(id)) return;
    setTarget(id);
    const timer = window.setTimeout(() => setTarget(null), 6000);
    return () => window.clearTimeout(timer);
    // Once, when the list is first there: a later refresh of the list does not scroll the page again.
  }, [ready]);
  return target;
}

/**
 * The list the page renders: the query's, handed over in a transition once the page has
 * committed. The router and the query store update synchronously, and a category of rows
 * rendered in one go would hold a phone's main thread; React renders a transition in slices,
 * keeping the loading text (or the previous list) meanwhile. Not useDeferredValue with an
 * initial value: when the list comes within 300 ms of the loading text showing, React holds the
 * page's first render back until then, and renders the deferred value meanwhile; the page, not
 * yet committed, mounts again in that render and asks for another one, a loop of about a
 * thousand renders on the main thread until the 300 ms are over.
 */
function useListInTransition(list: Inventory): Inventory | null {
  const [shown, setShown] = useState<Inventory | null>(null);
  useLayoutEffect(() => startTransition(() => setShown(list)), [list]);
  return shown;
}

/**
 * One category of the list. It suspends (the route's pending component shows) until there is a
 * list, and throws a failure to load one to the route's error component; a list saved on the
 * device is shown at once and refreshed behind it.
 */
export function InventoryPage({ category, dialogs }: { category: Category; dialogs: UnitActionDialogs }) {
  const m = useCatalogue(inventoryCatalogue);
  const common = useCatalogue(appCatalogue);
  const { locale } = useLanguage();
  const online = useOnline();
  const query = useSuspenseQuery(officesQueryOptions());
  const categoryName = common.categories[category.slug];
  const today = spaceTodayQuick(new Date());

  const data = useListInTransition(query.data);
  const allOffices = useMemo(() => data?.offices ?? [], [data]);
  const units = useMemo(() => sortUnits(allOffices.filter((o) => o.service_type === category.serviceType)), [allOffices, category.serviceType]);
  const { onAction, dialog } = useUnitActions(allOffices, today, dialogs);
  const cardsAnchor = category.layout === 'table' ? null : (categoryAnchor(category) ?? category.slug);
  const anchors = useMemo(() => (cardsAnchor ? (units.length > 0 ? [cardsAnchor] : []) : units.map(cancelAnchor)), [cardsAnchor, units]);
  const highlighted = useHashTarget(anchors);

  useLayoutEffect(() => {
    // For `npm run bench`: the offline warm start is measured up to the frame after this mark, set as the list commits.
    if (data && performance.getEntriesByName(listRenderedMark).length === 0) performance.mark(listRenderedMark);
  }, [data]);

  if (!data) return <InventoryPending category={category} />;

  let notice: string | null = null;
  const savedAt = data.snapshotAt ?? new Date(query.dataUpdatedAt).toISOString();
  if (data.snapshotAt || !online) notice = m.snapshotNotice(formatDateTime(savedAt, locale));
  else if (query.isError) notice = m.staleNotice(formatDateTime(savedAt, locale));

  // The list's prices are before tax: one note under the list says so, and the list points to it for screen readers.
  const taxNote = site.taxes.enabled ? taxNoteId : undefined;
  let body;
  if (units.length === 0) body = <p className="status-text">{m.empty}</p>;
  else if (category.layout === 'table') body = <InventoryTable offices={units} today={today} caption={categoryName} highlighted={highlighted} onAction={onAction} describedBy={taxNote} />;
  else body = <InventoryCards offices={units} today={today} anchor={cardsAnchor!} label={categoryName} highlighted={highlighted === cardsAnchor} onAction={onAction} describedBy={taxNote} />;

  return (
    <>
      {notice ? <Alert tone="warning">{notice}</Alert> : null}
      <InventorySection category={category}>
        {body}
        {taxNote && units.length > 0 ? (
          <p id={taxNote} className="field__hint">
            {m.pricesPlusTaxes}
          </p>
        ) : null}
      </InventorySection>
      <footer className="inventory-footer">
        {m.lastUpdated} <time dateTime={data.lastUpdated}>{formatDateTime(data.lastUpdated, locale)}</time>
      </footer>
      {dialog}
    </>
  );
}
