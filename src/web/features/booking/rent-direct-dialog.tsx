import type { UnitActionDialogProps } from '../../app/unit-dialog.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { bookingCatalogue } from './catalogue.ts';
import { OrderSummary } from './order-summary.tsx';
import './booking.css';

/** SPEC §2: an available desk, hot desk or parking spot goes straight to the order summary. */
export default function RentDirectDialog({ office, onClose }: UnitActionDialogProps) {
  const m = useCatalogue(bookingCatalogue);
  const common = useCatalogue(appCatalogue);
  return (
    <Dialog title={m.rentTitle(office.name)} onClose={onClose} closeLabel={common.close}>
      <OrderSummary unit={office} choice={{ product: 'standard' }} onCancel={onClose} />
    </Dialog>
  );
}
