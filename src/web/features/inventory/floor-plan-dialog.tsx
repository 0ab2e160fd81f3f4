import { useState } from 'react';
import { site } from '../../../shared/site.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { inventoryCatalogue } from './catalogue.ts';

/** The floor-plan overlay: loaded when first opened, as the first paint shows only its button. */
export default function FloorPlanDialog({ onClose }: { onClose: () => void }) {
  const m = useCatalogue(inventoryCatalogue);
  const common = useCatalogue(appCatalogue);
  const [failed, setFailed] = useState(false);
  return (
    <Dialog title={m.floorPlan} onClose={onClose} closeLabel={common.close} size="full">
      {failed ? (
        <p className="floor-plan__missing" role="status">
          {m.floorPlanUnavailable}
        </p>
      ) : (
        <img className="floor-plan__image" src={site.floorPlanPath} alt={m.floorPlanAlt} width={1200} height={800} onError={() => setFailed(true)} />
      )}
    </Dialog>
  );
}
