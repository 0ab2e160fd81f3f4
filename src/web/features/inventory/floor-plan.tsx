import { useState } from 'react';
import { site } from '../../../shared/site.ts';
import { commonMessages } from '../../i18n/common.ts';
import { useMessages } from '../../i18n/i18n.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { inventoryMessages } from './messages.ts';

/** The round button at the bottom right and the floor-plan overlay it opens. */
export function FloorPlan() {
  const m = useMessages(inventoryMessages);
  const common = useMessages(commonMessages);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button type="button" className="fab" aria-label={m.openFloorPlan} title={m.floorPlan} onClick={() => { setFailed(false); setOpen(true); }}>
        <Icon name="map" size={26} />
      </button>
      {open ? (
        <Dialog title={m.floorPlan} onClose={() => setOpen(false)} closeLabel={common.close} size="full">
          {failed ? (
            <p className="floor-plan__missing" role="status">
              {m.floorPlanUnavailable}
            </p>
          ) : (
            <img className="floor-plan__image" src={site.floorPlanPath} alt={m.floorPlanAlt} width={1200} height={800} onError={() => setFailed(true)} />
          )}
        </Dialog>
      ) : null}
    </>
  );
}
