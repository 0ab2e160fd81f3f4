import { useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Office } from '../../../shared/contract/offices.ts';
import { isServiceType, rentableTypes, type ServiceType } from '../../../shared/domain/products.ts';
import { isOfficeChoiceDisabled, toggleOffice, type OfficeId } from '../../../shared/domain/waitlist-rules.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { formatLongDate } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { waitlistCatalogue } from './catalogue.ts';

/** Up to this many waitlist choices the form lists them all, as a small operator's demo does. */
export const pickerThreshold = 40;
/** Past the threshold, how many matches the picker shows besides the chosen offices. */
export const pickerCap = 30;
/** Typing pauses this long before the count is said again, so a screen reader is not flooded. */
const statusPause = 400;

export function sameId(a: OfficeId, b: OfficeId) {
  return String(a) === String(b);
}

/** What a search is compared with: lower case and without accents, so 'montreal' finds 'Montréal'. */
function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function searchKey(office: Office): string {
  return searchable([office.name, office.office_id, office.service_code, office.location_code].filter(Boolean).join(' '));
}

export interface OfficePickerProps {
  /** The waitlist choices, in the order SPEC.md §4 sorts them. */
  choices: readonly Office[];
  selected: readonly OfficeId[];
  onChange: (selected: OfficeId[]) => void;
  /** Prefix of the ids of the boxes, unique in the page. */
  idPrefix: string;
}

/**
 * The offices to choose from: every box while they are few; past the threshold a search and a
 * type filter in front of at most `pickerCap` matches, so the page stays light and a screen
 * reader has a list it can go through.
 */
export function OfficePicker(props: OfficePickerProps) {
  return props.choices.length > pickerThreshold ? <SearchablePicker {...props} /> : <OfficeList offices={props.choices} {...props} />;
}

function SearchablePicker({ choices, selected, onChange, idPrefix }: OfficePickerProps) {
  const m = useCatalogue(waitlistCatalogue).picker;
  const common = useCatalogue(appCatalogue);
  const [query, setQuery] = useState('');
  const [type, setType] = useState<ServiceType | ''>('');
  /**
   * The offices shown first, checked or not: those chosen when the search last changed. A box
   * checked or unchecked stays where it is until the next search, so it neither jumps under the
   * pointer nor vanishes with the keyboard focus on it.
   */
  const [pinned, setPinned] = useState<readonly OfficeId[]>(selected);
  const ownChange = useRef<readonly OfficeId[] | null>(null);
  const searched = useDeferredValue(query);

  // A selection that changes otherwise (the draft read back) is shown first too.
  useEffect(() => {
    if (selected !== ownChange.current) setPinned(selected);
  }, [selected]);

  const keyed = useMemo(() => choices.map((office) => ({ office, key: searchKey(office) })), [choices]);
  const types = useMemo(() => rentableTypes.filter((t) => choices.some((o) => o.service_type === t)), [choices]);

  const matches = useMemo(() => {
    const terms = searchable(searched).split(/\s+/).filter(Boolean);
    return keyed.filter((k) => (type === '' || k.office.service_type === type) && terms.every((t) => k.key.includes(t))).map((k) => k.office);
  }, [keyed, searched, type]);

  const { shown, shownMatches } = useMemo(() => {
    const pinnedIds = new Set(pinned.map(String));
    const rest = matches.filter((o) => !pinnedIds.has(String(o.id))).slice(0, pickerCap);
    const restIds = new Set(rest.map((o) => String(o.id)));
    const selectedIds = new Set(selected.map(String));
    const first = choices.filter((o) => pinnedIds.has(String(o.id)) || (selectedIds.has(String(o.id)) && !restIds.has(String(o.id))));
    const matching = new Set(matches);
    return { shown: [...first, ...rest], shownMatches: first.filter((o) => matching.has(o)).length + rest.length };
  }, [choices, matches, pinned, selected]);

  const status = matches.length === 0 ? m.noMatch : shownMatches < matches.length ? m.showing(shownMatches, matches.length) : m.matching(matches.length);
  const [saidStatus, setSaidStatus] = useState(status);
  useEffect(() => {
    const pause = setTimeout(() => setSaidStatus(status), statusPause);
    return () => clearTimeout(pause);
  }, [status]);

  const change = (next: OfficeId[]) => {
    ownChange.current = next;
    onChange(next);
  };
  // Enter in the search would send the whole form.
  const keepEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <>
      <div className="waitlist-picker__filters">
        <div className="field waitlist-picker__search">
          <label htmlFor={`${idPrefix}-search`}>{m.search}</label>
          <input
            id={`${idPrefix}-search`}
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPinned(selected);
            }}
            onKeyDown={keepEnter}
            aria-describedby={`${idPrefix}-search-hint ${idPrefix}-search-status`}
          />
          <span className="field__hint" id={`${idPrefix}-search-hint`}>
            {m.searchHint}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-type`}>{m.type}</label>
          <select
            id={`${idPrefix}-type`}
            value={type}
            onChange={(e) => {
              const value = e.target.value;
              setType(isServiceType(value) ? value : '');
              setPinned(selected);
            }}
          >
            <option value="">{m.allTypes}</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {common.serviceTypes[t]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="waitlist-picker__status" id={`${idPrefix}-search-status`} role="status">
        {saidStatus}
      </p>
      <OfficeList offices={shown} selected={selected} onChange={change} idPrefix={idPrefix} />
    </>
  );
}

function OfficeList({ offices, selected, onChange, idPrefix }: { offices: readonly Office[] } & Omit<OfficePickerProps, 'choices'>) {
  const m = useCatalogue(waitlistCatalogue);
  const common = useCatalogue(appCatalogue);
  const { locale } = useLanguage();
  return (
    <ul className="waitlist-offices__list">
      {offices.map((office) => {
        const checked = selected.some((s) => sameId(s, office.id));
        const disabled = isOfficeChoiceDisabled(selected, office.id);
        const type = isServiceType(office.service_type) ? common.serviceTypes[office.service_type] : office.service_type;
        const when = office.next_available_date ? m.availableFrom(formatLongDate(office.next_available_date, locale)) : m.occupied;
        return (
          <li key={String(office.id)} className={`waitlist-offices__item${disabled ? ' waitlist-offices__item--disabled' : ''}`}>
            <input
              type="checkbox"
              id={`${idPrefix}-office-${office.id}`}
              name="service_offering_ids"
              value={String(office.id)}
              checked={checked}
              disabled={disabled}
              onChange={() => onChange(toggleOffice(selected, office.id))}
            />
            <label htmlFor={`${idPrefix}-office-${office.id}`}>
              <span className="waitlist-offices__name">{office.name}</span>
              <span className="waitlist-offices__meta">
                {type} · {when}
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
