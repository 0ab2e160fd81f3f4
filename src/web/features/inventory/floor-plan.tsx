import { lazy, Suspense, useState } from 'react';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { Icon } from '../../ui/icons.tsx';
import { inventoryCatalogue } from './catalogue.ts';

const FloorPlanDialog = lazy(() => import('./floor-plan-dialog.tsx'));

/** The round button at the bottom right and the floor-plan overlay it opens. */
export function FloorPlan() {
  const m = useCatalogue(inventoryCatalogue);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="fab" aria-label={m.openFloorPlan} title={m.floorPlan} onClick={() => setOpen(true)}>
        <Icon name="map" size={26} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FloorPlanDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
