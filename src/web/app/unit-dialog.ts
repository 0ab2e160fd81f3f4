import type { ComponentType } from 'react';
import type { Office } from '../../shared/contract/offices.ts';

/**
 * What the inventory gives the dialog a unit's button opens. The dialogs belong to other
 * features (booking, waitlist); this is the one thing they and the inventory share.
 */
export interface UnitActionDialogProps {
  /** The unit whose button was pressed. */
  office: Office;
  /** The whole list, for dialogs that offer other units (the enquiry form's office list). */
  offices: Office[];
  onClose: () => void;
}

/** A dialog's own chunk, fetched on the first press of a button that opens it. */
export type UnitActionDialogModule = () => Promise<{ default: ComponentType<UnitActionDialogProps> }>;
