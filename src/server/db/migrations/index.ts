import type { Migration } from 'kysely';
import * as offices from './0001-offices.ts';
import * as waitlist from './0002-waitlist.ts';
import * as bookings from './0003-bookings.ts';
import * as leaseOffers from './0004-lease-offers.ts';
import * as hardening from './0005-hardening.ts';
import * as receiptsAndMail from './0006-receipts-and-mail.ts';
import * as manageBookings from './0007-manage-bookings.ts';
import * as staff from './0008-staff.ts';
import * as waitlistOffers from './0009-waitlist-offers.ts';
import * as outboxData from './0010-outbox-data.ts';
import * as billing from './0011-billing.ts';
import * as invoiceCredits from './0012-invoice-credits.ts';
import * as tenancies from './0013-tenancies.ts';
import * as padReturns from './0014-pad-returns.ts';
import * as books from './0015-books.ts';
import * as tenancyEnds from './0016-tenancy-ends.ts';
import * as padFileVoids from './0017-pad-file-voids.ts';
import * as cardFailures from './0018-card-failures.ts';
import * as payNowGroups from './0019-pay-now-groups.ts';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '0001-offices': offices,
  '0002-waitlist': waitlist,
  '0003-bookings': bookings,
  '0004-lease-offers': leaseOffers,
  '0005-hardening': hardening,
  '0006-receipts-and-mail': receiptsAndMail,
  '0007-manage-bookings': manageBookings,
  '0008-staff': staff,
  '0009-waitlist-offers': waitlistOffers,
  '0010-outbox-data': outboxData,
  '0011-billing': billing,
  '0012-invoice-credits': invoiceCredits,
  '0013-tenancies': tenancies,
  '0014-pad-returns': padReturns,
  '0015-books': books,
  '0016-tenancy-ends': tenancyEnds,
  '0017-pad-file-voids': padFileVoids,
  '0018-card-failures': cardFailures,
  '0019-pay-now-groups': payNowGroups,
};
