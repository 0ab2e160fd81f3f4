import { useQuery } from '@tanstack/react-query';
import type { WaitlistEntryView } from '../../../shared/contract/waitlist-offers.ts';
import { isServiceType } from '../../../shared/domain/products.ts';
import { spaceTodayQuick } from '../../../shared/domain/time.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { formatDateTime, formatLongDate } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { waitlistEntryQueryOptions } from './api/get-entry.ts';
import { leaveWaitlist } from './api/leave-waitlist.ts';
import { linkProblem } from './api/offer-links.ts';
import { waitlistOfferCatalogue } from './catalogue.ts';
import { LinkAction, LinkPage, LinkResult, OfferPage, WaitlistAgain } from './offer-parts.tsx';
import { useSendOnce } from './send-once.ts';

/**
 * /waitlist/leave/{leave token}, the link of every waitlist acknowledgement: where the entry
 * stands for each of its units, and leaving the waitlist, asked to be sure (opening the link
 * changes nothing). `token` is null for a link that cannot be one.
 */
export function LeavePage({ token }: { token: string | null }) {
  const m = useCatalogue(waitlistOfferCatalogue);
  const query = useQuery({ ...waitlistEntryQueryOptions(token ?? ''), enabled: token !== null });
  return (
    <LinkPage token={token} query={query} subject="entry" title={m.leavePageTitle} loading={m.loadingEntry} offline={m.offlineLink}>
      {(entry, linkToken) => <LeaveEntry token={linkToken} entry={entry} />}
    </LinkPage>
  );
}

function LeaveEntry({ token, entry }: { token: string; entry: WaitlistEntryView }) {
  const m = useCatalogue(waitlistOfferCatalogue);
  const common = useCatalogue(appCatalogue);
  const { lang, locale } = useLanguage();
  const { mutation: leave, sendOnce } = useSendOnce(() => leaveWaitlist(token));
  const offered = entry.units.some((u) => u.status === 'offered');
  const problem = leave.isError ? linkProblem(leave.error, lang) : null;

  if (leave.isSuccess) {
    return (
      <OfferPage>
        <h1 className="offer-page__title">{m.leaveHeading}</h1>
        <LinkResult tone="success" title={m.leftTitle}>
          <p>{m.leftText}</p>
        </LinkResult>
        <WaitlistAgain />
      </OfferPage>
    );
  }

  return (
    <OfferPage>
      <h1 className="offer-page__title">{m.leaveHeading}</h1>
      <p className="offer-page__lead">{m.leaveLead(entry.customerName, formatLongDate(spaceTodayQuick(new Date(entry.createdAt)), locale))}</p>
      <section className="info-card" aria-labelledby="entry-units-heading">
        <h2 id="entry-units-heading">{m.yourSpaces}</h2>
        <ul className="entry-units">
          {entry.units.map((unit) => (
            <li key={unit.office_id} className="entry-unit">
              <span className="entry-unit__name">
                {unit.name}
                <span className="entry-unit__type">{isServiceType(unit.service_type) ? common.serviceTypes[unit.service_type] : unit.service_type}</span>
              </span>
              <span className={`entry-unit__status entry-unit__status--${unit.status}`}>
                {m.unitStatus(unit.status, unit.place, unit.offerExpiresAt ? formatDateTime(unit.offerExpiresAt, locale) : null)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {entry.state === 'left' ? (
        <>
          <Alert tone="info" title={m.alreadyLeftTitle} />
          <WaitlistAgain />
        </>
      ) : (
        <section className="offer-page__confirm" aria-labelledby="leave-confirm-heading">
          <h2 id="leave-confirm-heading">{m.confirmLeave}</h2>
          <p>{m.leaveExplain}</p>
          {offered ? <p>{m.leaveEndsOffer}</p> : null}
          <LinkAction
            failure={problem ? (problem.kind === 'rate-limited' ? m.rateLimited(problem.seconds) : problem.kind === 'unknown' ? m.unknownEntryTitle : (problem.text ?? m.actionFailed)) : null}
            pending={leave.isPending}
            danger
            label={m.confirmLeave}
            busyLabel={m.leaving}
            onSend={sendOnce}
          />
        </section>
      )}
    </OfferPage>
  );
}
