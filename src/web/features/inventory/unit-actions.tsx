import { lazy, Suspense, useCallback, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { Office } from '../../../shared/contract/offices.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import type { UnitActionDialogModule, UnitActionDialogProps } from '../../app/unit-dialog.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { unitAction, type UnitActionKind } from './unit-view.ts';

/**
 * What each button opens, given by the route (the dialogs belong to other features). Each
 * dialog is its own chunk, fetched on the first press, so the inventory route stays small. A
 * kind with no dialog gets the unhandled-action alert.
 */
export type UnitActionDialogs = Partial<Record<UnitActionKind, UnitActionDialogModule>>;

const loaded = new WeakMap<UnitActionDialogModule, LazyExoticComponent<ComponentType<UnitActionDialogProps>>>();
function lazyDialog(load: UnitActionDialogModule) {
  let component = loaded.get(load);
  if (!component) {
    component = lazy(load);
    loaded.set(load, component);
  }
  return component;
}

/** The inventory's button handler and the dialog it opened. */
export function useUnitActions(offices: Office[], today: IsoDate, dialogs: UnitActionDialogs) {
  const common = useCatalogue(appCatalogue);
  const [active, setActive] = useState<{ load: UnitActionDialogModule; office: Office } | null>(null);
  const onAction = useCallback(
    (office: Office) => {
      const load = dialogs[unitAction(office, today).kind];
      if (!load) {
        window.alert(common.unhandledAction);
        return;
      }
      setActive({ load, office });
    },
    [common.unhandledAction, dialogs, today],
  );
  const ActiveDialog = active ? lazyDialog(active.load) : undefined;
  const dialog =
    active && ActiveDialog ? (
      <Suspense fallback={null}>
        <ActiveDialog office={active.office} offices={offices} onClose={() => setActive(null)} />
      </Suspense>
    ) : null;
  return { onAction, dialog };
}
