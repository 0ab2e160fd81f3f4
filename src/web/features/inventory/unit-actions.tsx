import { lazy, Suspense, useCallback, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { Office } from '../../../shared/contract/offices.ts';
import { commonMessages } from '../../i18n/common.ts';
import { useMessages } from '../../i18n/i18n.tsx';
import { unitAction, type UnitActionKind } from './unit-view.ts';

export interface UnitActionDialogProps {
  /** The unit whose button was pressed. */
  office: Office;
  /** The whole list, for dialogs that offer other units (the enquiry form's office list). */
  offices: Office[];
  onClose: () => void;
}

type DialogModule = () => Promise<{ default: ComponentType<UnitActionDialogProps> }>;

/**
 * What each button opens. Each dialog is its own chunk, fetched on the first press, so the
 * inventory route stays small. A kind with no dialog here gets the unhandled-action alert.
 */
const dialogModules: Partial<Record<UnitActionKind, DialogModule>> = {
  waitlist: () => import('../waitlist/enquiry-dialog.tsx'),
  'rent-office': () => import('../booking/rent-office-dialog.tsx'),
  'rent-direct': () => import('../booking/rent-direct-dialog.tsx'),
  'book-conference': () => import('../booking/conference-dialog.tsx'),
  'buy-day-pass': () => import('../booking/day-pass-dialog.tsx'),
  'subscribe-mailbox': () => import('../booking/mailbox-dialog.tsx'),
};

const loaded = new Map<UnitActionKind, LazyExoticComponent<ComponentType<UnitActionDialogProps>>>();
function dialogFor(kind: UnitActionKind) {
  const load = dialogModules[kind];
  if (!load) return undefined;
  let component = loaded.get(kind);
  if (!component) {
    component = lazy(load);
    loaded.set(kind, component);
  }
  return component;
}

/** The inventory's button handler and the dialog it opened. */
export function useUnitActions(offices: Office[]) {
  const common = useMessages(commonMessages);
  const [active, setActive] = useState<{ kind: UnitActionKind; office: Office } | null>(null);
  const onAction = useCallback(
    (office: Office) => {
      const { kind } = unitAction(office);
      if (!dialogFor(kind)) {
        window.alert(common.unhandledAction);
        return;
      }
      setActive({ kind, office });
    },
    [common.unhandledAction],
  );
  const ActiveDialog = active ? dialogFor(active.kind) : undefined;
  const dialog =
    active && ActiveDialog ? (
      <Suspense fallback={null}>
        <ActiveDialog office={active.office} offices={offices} onClose={() => setActive(null)} />
      </Suspense>
    ) : null;
  return { onAction, dialog };
}
