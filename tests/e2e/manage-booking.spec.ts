import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exactly, payOnTestCheckout, pressUnitButton } from './booking-support.ts';
import { e2eDaysFromToday, expect, expectNoAxeViolations, newContextAtNow, phone, startServer, test, waitForServiceWorker } from './support.ts';

/*
 * A room booked through the test checkout, then managed through its private link on a phone:
 * the page opens offline and with the server stopped (while a link never opened here does
 * not), and back online the booking is cancelled, the day is on offer again, and the page says
 * refunded. Each language on a server and database of its own, which the test stops and starts.
 */

const cases = [
  {
    lang: 'en',
    locale: 'en-CA',
    date: e2eDaysFromToday(6),
    book: 'Book Now',
    dialog: 'Book Meeting Room Mont-Royal',
    // $220.00 + GST $11.00 + QST $21.95
    total: '$252.95',
    pay: 'Pay $252.95 CAD',
    manage: 'Manage your booking',
    title: 'Your booking',
    day: 'Tuesday, November 24, 2026',
    deadline: 'free cancellation until Nov 23, 2026, 7:00 a.m.',
    paid: 'Status: Paid',
    offlineCopy: 'You are offline: this is the copy saved on this device.',
    serverCopy: 'We cannot reach our server right now: this is the copy saved on this device.',
    needsConnection: 'Cancelling needs a connection.',
    notFound: "We can't find this booking",
    cancel: 'Cancel booking',
    cancelDialog: 'Cancel this booking?',
    confirm: 'Cancel and refund',
    cancelled: 'Cancelled. $252.95 is refunded to your card; the e-mail with the credit note is on its way.',
    refunded: 'Status: Cancelled · refunded',
  },
  {
    lang: 'fr',
    locale: 'fr-CA',
    date: e2eDaysFromToday(7),
    book: 'Réserver',
    dialog: 'Réserver Meeting Room Mont-Royal',
    total: '252,95 $',
    pay: 'Payer 252,95 $ CAD',
    manage: 'Gérer votre réservation',
    title: 'Votre réservation',
    day: 'mercredi 25 novembre 2026',
    deadline: 'annulation gratuite jusqu’au 24 nov. 2026, 07 h 00',
    paid: 'État: Payée',
    offlineCopy: 'Vous êtes hors ligne : voici la copie enregistrée sur cet appareil.',
    serverCopy: 'Nous ne pouvons pas joindre notre serveur en ce moment : voici la copie enregistrée sur cet appareil.',
    needsConnection: 'L’annulation demande une connexion.',
    notFound: 'Nous ne trouvons pas cette réservation',
    cancel: 'Annuler la réservation',
    cancelDialog: 'Annuler cette réservation?',
    confirm: 'Annuler et rembourser',
    cancelled: 'Annulé. 252,95 $ vous est remboursé sur votre carte; le courriel avec la note de crédit est en route.',
    refunded: 'État: Annulée · remboursée',
  },
] as const;

test.describe('managing a booking through its private link', () => {
  for (const [index, c] of cases.entries()) {
    test(`book a room, open its link offline and with the server stopped, cancel it online (${c.locale})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const port = 4100 + index * 10 + test.info().workerIndex;
      const origin = `http://127.0.0.1:${port}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'coworking-manage-'));
      let server = await startServer(port, process.env.E2E_DIST ?? 'dist', { dataDir });
      const context = await newContextAtNow(browser, { ...phone, locale: c.locale, baseURL: origin });
      // A visitor who has used the site before has dismissed the one-time 'ready to work offline' notice.
      await context.addInitScript(() => window.localStorage.setItem('cowork.offline-ready-shown', 'true'));
      const page = await context.newPage();
      try {
        await pressUnitButton(page, '/conference', c.book, 'Meeting Room Mont-Royal');
        const dialog = page.getByRole('dialog', { name: c.dialog });
        await dialog.locator(`[data-date="${c.date}"]`).click();
        await dialog.getByRole('button', { name: exactly(c.pay) }).click();
        await payOnTestCheckout(page, c.total, c.lang);

        const manage = page.getByRole('link', { name: c.manage });
        await expect(manage).toHaveAttribute('href', /^\/booking\/[A-Za-z0-9_-]{43}$/);
        const link = `${origin}${await manage.getAttribute('href')}`;
        // Paid: the room's calendar no longer offers the day.
        const roomDay = async () => {
          await pressUnitButton(page, '/conference', c.book, 'Meeting Room Mont-Royal');
          return page.getByRole('dialog', { name: c.dialog }).locator(`[data-date="${c.date}"]`);
        };
        await expect(await roomDay()).toHaveAttribute('aria-disabled', 'true');
        await page.goto(link);
        await expect(page.getByRole('heading', { name: c.title, level: 1 })).toBeVisible();
        await expect(page.locator('.manage__status')).toHaveText(c.paid);
        await expect(page.getByText(c.day)).toBeVisible();
        await expect(page.getByText(c.deadline)).toBeVisible();
        await expectNoAxeViolations(page);
        await waitForServiceWorker(page);

        // Offline: the page and its booking from this device, and cancelling waits for a connection.
        await context.setOffline(true);
        await page.reload();
        await expect(page.getByText(c.offlineCopy)).toBeVisible();
        await expect(page.getByText(c.day)).toBeVisible();
        await expect(page.getByRole('button', { name: c.cancel })).toBeDisabled();
        await expect(page.getByText(c.needsConnection)).toBeVisible();
        await context.setOffline(false);

        // The server stopped: the page still opens with its booking; a link never opened here finds nothing.
        await server.stop();
        await page.reload();
        await expect(page.getByText(c.serverCopy)).toBeVisible();
        await expect(page.getByText(c.day)).toBeVisible();
        await page.goto(`/booking/${'Q'.repeat(43)}`);
        await expect(page.getByRole('heading', { name: c.notFound, level: 1 })).toBeVisible();
        await expect(page.getByText(c.day)).toHaveCount(0);

        // Back online: cancel, and the day is on offer again.
        server = await startServer(port, process.env.E2E_DIST ?? 'dist', { dataDir });
        await page.goto(link);
        await page.getByRole('button', { name: c.cancel }).click();
        const cancelDialog = page.getByRole('dialog', { name: c.cancelDialog });
        await expect(cancelDialog).toBeVisible();
        await expectNoAxeViolations(page, 'dialog');
        await cancelDialog.getByRole('button', { name: c.confirm }).click();
        await expect(page.getByText(c.cancelled)).toBeVisible();
        await expect(page.locator('.manage__status')).toHaveText(c.refunded);
        await expectNoAxeViolations(page);

        const freed = await roomDay();
        await expect(freed).not.toHaveAttribute('aria-disabled', 'true');
        await expect(freed).not.toHaveClass(/calendar__day--disabled/);
      } finally {
        await context.close();
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
