import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { UnitActionDialogProps } from '../../app/unit-dialog.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EnquiryForm } from './enquiry-form.tsx';
import { waitlistCatalogue } from './catalogue.ts';
import { WaitlistSuccessDialog } from './success-dialog.tsx';

/** Join Waitlist on an unavailable unit: the enquiry form with that unit preselected. */
export default function EnquiryDialog({ office, offices, onClose }: UnitActionDialogProps) {
  const m = useCatalogue(waitlistCatalogue);
  const common = useCatalogue(appCatalogue);
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <WaitlistSuccessDialog
        onViewMore={onClose}
        onBackToListings={() => {
          onClose();
          void navigate({ to: '/' });
        }}
      />
    );
  }
  return (
    <Dialog title={m.dialogTitle} onClose={onClose} closeLabel={common.close} size="wide">
      <EnquiryForm offices={offices} preselected={office.id} onSent={() => setSent(true)} />
    </Dialog>
  );
}
