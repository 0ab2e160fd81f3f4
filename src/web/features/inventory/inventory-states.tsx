import type { ReactNode } from 'react';
import type { Category } from '../../../shared/domain/categories.ts';
import { ApiRequestError, type ApiProblem } from '../../app/api.ts';
import { officesQueryOptions } from '../../app/offices.ts';
import { useRouteErrorRetry } from '../../app/route-error.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { LoadingText, RetryAlert } from '../../ui/status.tsx';
import { inventoryCatalogue, type InventoryCatalogue } from './catalogue.ts';

/** SPEC §8 'Inventory load', in words. */
function problemText(problem: ApiProblem | undefined, m: InventoryCatalogue): string {
  switch (problem?.kind) {
    case 'rate-limited':
      return m.rateLimited(problem.seconds);
    case 'http':
      return m.httpError(problem.status, problem.statusText);
    case 'network':
      return m.networkError;
    default:
      return m.fetchFailed;
  }
}

/** The list's place on the page, named after its category. */
export function InventorySection({ category, children }: { category: Category; children: ReactNode }) {
  const common = useCatalogue(appCatalogue);
  return (
    <section aria-labelledby="category-heading" className="inventory">
      <h2 id="category-heading" className="visually-hidden">
        {common.categories[category.slug]}
      </h2>
      {children}
    </section>
  );
}

/** The route's pending component: the list is on its way. */
export function InventoryPending({ category }: { category: Category }) {
  const m = useCatalogue(inventoryCatalogue);
  return (
    <InventorySection category={category}>
      <LoadingText>{m.loading}</LoadingText>
    </InventorySection>
  );
}

/** The route's error component: SPEC §8 'Inventory load', with Try Again. */
export function InventoryError({ category, error, reset }: { category: Category; error: unknown; reset: () => void }) {
  const m = useCatalogue(inventoryCatalogue);
  useRouteErrorRetry(reset, officesQueryOptions().queryKey);
  return (
    <InventorySection category={category}>
      <RetryAlert title={m.errorTitle} retryLabel={m.tryAgain} onRetry={reset}>
        <p>{problemText(error instanceof ApiRequestError ? error.problem : undefined, m)}</p>
      </RetryAlert>
    </InventorySection>
  );
}
