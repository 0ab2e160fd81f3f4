import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { sessionIdPattern } from '../../shared/contract/common.ts';
import { formatCad } from '../../shared/domain/pricing.ts';
import { longDate } from '../../shared/domain/time.ts';
import { confirmPayment } from '../bookings/payments.ts';
import { cancelOrder, currentStatus, findOrderBySession, type StoredOrder } from '../bookings/repository.ts';
import type { AppContext } from '../deps.ts';
import { jsonError } from '../middleware/errors.ts';
import { lineItemsFor } from '../payments/line-items.ts';
import { sessionIdPlaceholder, successUrlTemplate } from '../payments/provider.ts';
import { testCheckoutAllowed } from '../payments/test-checkout.ts';

/** The built-in test checkout's pages (DESIGN.md §5): its Pay and Cancel take the same path as Stripe's events. */
const texts = {
  en: {
    title: 'Test checkout',
    banner: 'TEST MODE: no card is charged.',
    order: 'Your order',
    total: 'Total due today',
    pay: (amount: string) => `Pay ${amount} CAD`,
    cancel: 'Cancel',
    expired: 'This checkout has expired. Please start again from the booking page.',
    done: 'This order is already closed.',
    unknown: 'No such checkout.',
  },
  fr: {
    title: 'Paiement de test',
    banner: 'MODE TEST : aucune carte n’est débitée.',
    order: 'Votre commande',
    total: 'Total à payer aujourd’hui',
    pay: (amount: string) => `Payer ${amount} CAD`,
    cancel: 'Annuler',
    expired: 'Ce paiement a expiré. Veuillez recommencer depuis la page de réservation.',
    done: 'Cette commande est déjà fermée.',
    unknown: 'Paiement introuvable.',
  },
} as const;

const stylesheet = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:32rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 4px #0002}
.banner{background:#fef3c7;color:#78350f;border:2px dashed #b45309;padding:.75rem;border-radius:.5rem;font-weight:700;text-align:center}
table{width:100%;border-collapse:collapse;margin:1rem 0}td{padding:.4rem 0;border-bottom:1px solid #e4e4e7}td.amount{text-align:right;white-space:nowrap}
tfoot td{font-weight:700;border-bottom:0}.actions{display:flex;gap:.75rem}.actions form{flex:1}
button{width:100%;padding:.8rem;font-size:1rem;border-radius:.5rem;border:1px solid #3f3f46;cursor:pointer;background:#fff;color:#18181b}
button.pay{background:#1d4ed8;border-color:#1d4ed8;color:#fff}`;

function page(c: Context, locale: 'en' | 'fr', title: string, body: unknown, status: 200 | 404 | 410 = 200) {
  c.header('Cache-Control', 'no-store');
  return c.html(
    html`<!doctype html>
      <html lang="${locale}">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>${title}</title>
          <link rel="stylesheet" href="/public-api/test-checkout/assets/page.css" />
        </head>
        <body>
          <main>${body}</main>
        </body>
      </html>`,
    status,
  );
}

function orderPage(c: Context, order: StoredOrder) {
  const t = texts[order.locale];
  const items = lineItemsFor(order.quote, order.officeName, order.locale);
  const total = formatCad(order.quote.total, order.locale);
  const action = `/public-api/test-checkout/${encodeURIComponent(order.sessionId)}`;
  return page(
    c,
    order.locale,
    t.title,
    html`<p class="banner" role="status">${t.banner}</p>
      <h1>${t.title}</h1>
      <h2>${t.order}</h2>
      <p>${order.officeName}${order.quote.dates.length > 0 ? html` · ${order.quote.dates.map((d) => longDate(d, order.locale === 'fr' ? 'fr-CA' : 'en-CA')).join(', ')}` : ''}</p>
      <table>
        <tbody>
          ${items.map((i) => html`<tr><td>${i.name}</td><td class="amount">${formatCad(i.amountCents * i.quantity, order.locale)}</td></tr>`)}
        </tbody>
        <tfoot>
          <tr><td>${t.total}</td><td class="amount">${total}</td></tr>
        </tfoot>
      </table>
      <div class="actions">
        <form method="post" action="${action}/cancel"><button type="submit">${t.cancel}</button></form>
        <form method="post" action="${action}/pay"><button type="submit" class="pay">${t.pay(total)}</button></form>
      </div>`,
  );
}

function notice(c: Context, locale: 'en' | 'fr', message: string, status: 200 | 404 | 410) {
  return page(c, locale, texts[locale].title, html`<p class="banner">${texts[locale].banner}</p><p role="alert">${message}</p>`, status);
}

export function testCheckoutRoutes(deps: AppContext) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!testCheckoutAllowed(deps)) return jsonError(c, 404, 'The test checkout is not enabled on this server');
    await next();
  });

  app.get('/assets/page.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(stylesheet);
  });

  // A session id is letters, digits and underscores: anything else names no checkout.
  app.use('/:sessionId/*', async (c, next) => {
    if (!sessionIdPattern.test(c.req.param('sessionId'))) return notice(c, 'en', texts.en.unknown, 404);
    await next();
  });

  app.get('/:sessionId', async (c) => {
    const order = await findOrderBySession(deps.db, c.req.param('sessionId'));
    if (!order) return notice(c, 'en', texts.en.unknown, 404);
    const status = currentStatus(order, deps.clock());
    if (status !== 'pending') return notice(c, order.locale, status === 'expired' ? texts[order.locale].expired : texts[order.locale].done, 410);
    return orderPage(c, order);
  });

  app.post('/:sessionId/pay', async (c) => {
    const sessionId = c.req.param('sessionId');
    const order = await findOrderBySession(deps.db, sessionId);
    if (!order) return notice(c, 'en', texts.en.unknown, 404);
    const toSuccessPage = () => c.redirect(successUrlTemplate(order.successUrl).replace(sessionIdPlaceholder, encodeURIComponent(sessionId)), 303);
    if (order.status === 'paid') return toSuccessPage();
    if (currentStatus(order, deps.clock()) !== 'pending') return notice(c, order.locale, texts[order.locale].expired, 410);
    await confirmPayment(deps, { sessionId, paymentIntentId: null });
    return toSuccessPage();
  });

  app.post('/:sessionId/cancel', async (c) => {
    const sessionId = c.req.param('sessionId');
    const order = await findOrderBySession(deps.db, sessionId);
    if (!order) return notice(c, 'en', texts.en.unknown, 404);
    await cancelOrder(deps.db, sessionId);
    return c.redirect(order.cancelUrl, 303);
  });
  return app;
}
