import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { html } from 'hono/html';
import { buyerForm } from '../../shared/contract/checkout.ts';
import { sessionIdPattern } from '../../shared/contract/common.ts';
import { formatCad } from '../../shared/domain/pricing.ts';
import { longDate } from '../../shared/domain/time.ts';
import { confirmPayment } from '../bookings/payment-events.ts';
import { cancelOrder, currentStatus, findOrderBySession, type StoredOrder } from '../bookings/orders.ts';
import type { AppContext } from '../deps.ts';
import { problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { quoteLineNames, taxLabel } from '../documents/line-names.ts';
import { sessionIdPlaceholder, successUrlTemplate } from '../payments/provider.ts';
import { isTestProvider, paysOnSession, testCardOf, testCheckoutAllowed } from '../payments/test-checkout.ts';
import { isBilledMonthly } from '../../shared/domain/products.ts';
import { randomBytes } from 'node:crypto';
import { managePath } from '../../shared/contract/bookings.ts';
import { abandonBillingSession, billingSessionClosed, billingSessionOf, cardChangeSaved, payNowPaid, type BillingSession } from '../billing/pay-now.ts';
import { manageTokenOf } from '../billing/manage-link.ts';
import { siteOrigins } from '../http/public-origin.ts';

/** The built-in test checkout's pages (docs/architecture.md §5): its Pay and Cancel take the same path as Stripe's events. */
const texts = {
  en: {
    title: 'Test checkout',
    banner: 'TEST MODE: no card is charged.',
    order: 'Your order',
    subtotal: 'Subtotal',
    total: 'Total due today',
    buyer: 'Your details, for the receipt',
    name: 'Name',
    email: 'E-mail',
    problems: 'Please correct the following:',
    nameProblem: 'Enter your name (up to 200 characters).',
    emailProblem: 'Enter a valid e-mail address, such as name@example.com.',
    card: 'Card number',
    cardHint: 'Test cards: 4242 4242 4242 4242 always works; 4000 0000 0000 0341 is declined; 4000 0027 6000 3184 asks for authentication on later charges.',
    cardProblem: 'Use one of the test card numbers below the field.',
    declined: 'Your card was declined. Try another card.',
    cardKept: 'Your card is kept for this rental’s monthly invoices, charged on the 1st of each month.',
    invoiceTitle: 'Pay your invoice',
    invoiceKept: 'The card you pay with is kept for this rental’s next invoices.',
    cardTitle: 'Change the card on file',
    cardIntro: (unit: string) => `The card you save here is charged for the next invoices of your rental of ${unit}. Nothing is charged now.`,
    saveCard: 'Save this card',
    paid: 'This invoice is already paid.',
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
    subtotal: 'Sous-total',
    total: 'Total à payer aujourd’hui',
    buyer: 'Vos coordonnées, pour le reçu',
    name: 'Nom',
    email: 'Courriel',
    problems: 'Veuillez corriger ce qui suit :',
    nameProblem: 'Entrez votre nom (200 caractères au plus).',
    emailProblem: 'Entrez une adresse courriel valide, comme nom@exemple.com.',
    card: 'Numéro de carte',
    cardHint: 'Cartes de test : 4242 4242 4242 4242 fonctionne toujours; 4000 0000 0000 0341 est refusée; 4000 0027 6000 3184 demande une authentification pour les paiements suivants.',
    cardProblem: 'Utilisez l’un des numéros de carte de test indiqués sous le champ.',
    declined: 'Votre carte a été refusée. Essayez une autre carte.',
    cardKept: 'Votre carte est conservée pour les factures mensuelles de cette location, débitées le 1er de chaque mois.',
    invoiceTitle: 'Payer votre facture',
    invoiceKept: 'La carte avec laquelle vous payez est conservée pour les prochaines factures de cette location.',
    cardTitle: 'Changer la carte enregistrée',
    cardIntro: (unit: string) => `La carte enregistrée ici sera débitée pour les prochaines factures de votre location de ${unit}. Rien n’est débité maintenant.`,
    saveCard: 'Enregistrer cette carte',
    paid: 'Cette facture est déjà payée.',
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
tfoot td{border-bottom:0}tfoot tr.total td{font-weight:700;border-top:2px solid #18181b}
fieldset{border:0;padding:0;margin:0 0 1rem}legend{font-weight:700;margin-bottom:.5rem}
label{display:block;margin:.6rem 0 .2rem}input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #71717a;border-radius:.4rem}
input[aria-invalid=true]{border:2px solid #b91c1c}.problem{color:#b91c1c;margin:.25rem 0 0}
.hint{color:#52525b;font-size:.875rem;margin:.25rem 0 1rem}.alert{border:2px solid #b91c1c;border-radius:.5rem;padding:.5rem .75rem;color:#7f1d1d}
.actions{display:flex;gap:.75rem;margin-top:1rem}.actions>*{flex:1}
button{width:100%;padding:.8rem;font-size:1rem;border-radius:.5rem;border:1px solid #3f3f46;cursor:pointer;background:#fff;color:#18181b}
button.pay{background:#1d4ed8;border-color:#1d4ed8;color:#fff}`;

function page(c: Context, locale: 'en' | 'fr', title: string, body: unknown, status: 200 | 404 | 410 | 422 = 200) {
  c.header('Cache-Control', 'no-store');
  return c.html(
    html`<!doctype html>
      <html lang="${locale}">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>${title}</title>
          <link rel="stylesheet" href="/public-api/test-checkout.css" />
        </head>
        <body>
          <main>${body}</main>
        </body>
      </html>`,
    status,
  );
}

/** What the buyer typed, and what is wrong with it, when the form comes back. */
interface BuyerAnswer {
  values: { buyer_name: string; buyer_email: string; card_number: string };
  problems: ('name' | 'email' | 'card' | 'declined')[];
}

/** Stripe's always-working test number: the page starts with it, as a demo should; any test number can replace it. */
const defaultCard = '4242 4242 4242 4242';

function orderPage(c: Context, order: StoredOrder, answer?: BuyerAnswer) {
  const t = texts[order.locale];
  const money = (cents: number) => formatCad(cents, order.locale);
  const q = order.quote;
  const total = money(q.total);
  const action = `/public-api/test-checkout/${encodeURIComponent(order.sessionId)}`;
  const problems = answer?.problems ?? [];
  const problemText = (p: BuyerAnswer['problems'][number]) => ({ name: t.nameProblem, email: t.emailProblem, card: t.cardProblem, declined: t.declined })[p];
  const field = (name: 'name' | 'email', type: string, autocomplete: string) => {
    const id = `buyer_${name}` as const;
    const bad = problems.includes(name);
    return html`<label for="${id}">${t[name]}</label>
      <input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required maxlength="${name === 'name' ? 200 : 254}"
        value="${answer?.values[id] ?? ''}" ${bad ? html`aria-invalid="true" aria-describedby="${id}_problem"` : ''} />
      ${bad ? html`<p class="problem" id="${id}_problem">${name === 'name' ? t.nameProblem : t.emailProblem}</p>` : ''}`;
  };
  return page(
    c,
    order.locale,
    t.title,
    html`<p class="banner" role="status">${t.banner}</p>
      <h1>${t.title}</h1>
      <h2>${t.order}</h2>
      <p>${order.unitName}${q.dates.length > 0 ? html` · ${q.dates.map((d) => longDate(d, order.locale === 'fr' ? 'fr-CA' : 'en-CA')).join(', ')}` : ''}</p>
      <table>
        <tbody>
          ${quoteLineNames(q, order.unitName, order.locale).map(({ name, line }) => html`<tr><td>${name}</td><td class="amount">${money(line.cents)}</td></tr>`)}
        </tbody>
        <tfoot>
          <tr><td>${t.subtotal}</td><td class="amount">${money(q.subtotal)}</td></tr>
          ${(['gst', 'qst'] as const).filter((tax) => q[tax] > 0).map((tax) => html`<tr><td>${taxLabel(tax, order.locale)}</td><td class="amount">${money(q[tax])}</td></tr>`)}
          <tr class="total"><td>${t.total}</td><td class="amount">${total}</td></tr>
        </tfoot>
      </table>
      <form method="post" action="${action}/pay" id="pay" novalidate>
        ${problems.length > 0 ? html`<p class="alert" role="alert">${t.problems} ${problems.map(problemText).join(' ')}</p>` : ''}
        <fieldset>
          <legend>${t.buyer}</legend>
          ${field('name', 'text', 'name')} ${field('email', 'email', 'email')}
        </fieldset>
        ${cardField(t, answer?.values.card_number, problems.includes('card') ? 'card' : problems.includes('declined') ? 'declined' : null)}
        ${isBilledMonthly(q.product) ? html`<p>${t.cardKept}</p>` : ''}
      </form>
      <div class="actions">
        <form method="post" action="${action}/cancel"><button type="submit">${t.cancel}</button></form>
        <button type="submit" form="pay" class="pay">${t.pay(total)}</button>
      </div>`,
    problems.length > 0 ? 422 : 200,
  );
}

/** The card number field, with Stripe's test numbers below it and the problem with the one typed. */
function cardField(t: (typeof texts)['en' | 'fr'], typed: string | undefined, problem: 'card' | 'declined' | null) {
  return html`<label for="card_number">${t.card}</label>
    <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required maxlength="23"
      value="${typed ?? defaultCard}" aria-describedby="card_hint${problem ? ' card_number_problem' : ''}" ${problem ? html`aria-invalid="true"` : ''} />
    ${problem ? html`<p class="problem" id="card_number_problem">${problem === 'card' ? t.cardProblem : t.declined}</p>` : ''}
    <p class="hint" id="card_hint">${t.cardHint}</p>`;
}

/** Pay now's page: one invoice's amount owed, paid with a test card that is then kept for the rental. */
function invoicePage(c: Context, session: Extract<BillingSession, { kind: 'invoice' }>, action: string, typed?: string, problem: 'card' | 'declined' | null = null) {
  const t = texts[session.language];
  const total = formatCad(session.amountCents, session.language);
  return page(
    c,
    session.language,
    t.invoiceTitle,
    html`<p class="banner" role="status">${t.banner}</p>
      <h1>${t.invoiceTitle}</h1>
      <table>
        <tbody><tr><td>${session.description}</td><td class="amount">${total}</td></tr></tbody>
      </table>
      <form method="post" action="${action}/pay" id="pay" novalidate>
        ${problem ? html`<p class="alert" role="alert">${t.problems} ${problem === 'card' ? t.cardProblem : t.declined}</p>` : ''}
        ${cardField(t, typed, problem)}
        <p>${t.invoiceKept}</p>
      </form>
      <div class="actions">
        <form method="post" action="${action}/cancel"><button type="submit">${t.cancel}</button></form>
        <button type="submit" form="pay" class="pay">${t.pay(total)}</button>
      </div>`,
    problem ? 422 : 200,
  );
}

/** Change card's page: a test card saved for the rental, nothing charged. */
function cardPage(c: Context, session: Extract<BillingSession, { kind: 'card' }>, action: string, typed?: string, problem: 'card' | null = null) {
  const t = texts[session.language];
  return page(
    c,
    session.language,
    t.cardTitle,
    html`<p class="banner" role="status">${t.banner}</p>
      <h1>${t.cardTitle}</h1>
      <p>${t.cardIntro(session.unitName)}</p>
      <form method="post" action="${action}/pay" id="pay" novalidate>
        ${problem ? html`<p class="alert" role="alert">${t.problems} ${t.cardProblem}</p>` : ''}
        ${cardField(t, typed, problem)}
      </form>
      <div class="actions">
        <form method="post" action="${action}/cancel"><button type="submit">${t.cancel}</button></form>
        <button type="submit" form="pay" class="pay">${t.saveCard}</button>
      </div>`,
    problem ? 422 : 200,
  );
}

function notice(c: Context, locale: 'en' | 'fr', message: string, status: 200 | 404 | 410) {
  return page(c, locale, texts[locale].title, html`<p class="banner">${texts[locale].banner}</p><p role="alert">${message}</p>`, status);
}

/**
 * Mounted at /public-api. The stylesheet sits beside the checkout's path, not in it: a literal
 * beside `:sessionId` is a route Hono's RegExpRouter cannot take, and one such route sends every
 * request of the server through its slower TrieRouter.
 */
export function testCheckoutRoutes(deps: AppContext) {
  const app = new Hono();
  const billingDeps = { db: deps.db, clock: deps.clock, payments: deps.payments, keyring: deps.config.bankingKeys };

  /** Back to the rental's own page (its manage link, opened from the order's sealed token), saying how it went. */
  const backToRental = async (c: Context, billing: BillingSession, returned: 'paid' | 'card' | 'cancelled') => {
    const token = billing.orderId ? await manageTokenOf(deps.db, deps.config.bankingKeys, billing.orderId) : undefined;
    const origin = siteOrigins(c, deps.config)[0]!;
    return c.redirect(token ? `${origin}${managePath(token)}?returned=${returned}` : origin, 303);
  };

  /** Pay on a Pay now or Change card page: the test card typed is checked as Stripe's test mode would, then kept for the rental. */
  const payBilling = async (c: Context, sessionId: string) => {
    const billing = await billingSessionOf(deps.db, sessionId, deps.clock());
    if (!billing) return notice(c, 'en', texts.en.unknown, 404);
    const closed = billingSessionClosed(billing);
    if (closed) return closed === 'paid' ? backToRental(c, billing, 'paid') : notice(c, billing.language, texts[billing.language][closed], 410);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const typed = typeof form.card_number === 'string' ? form.card_number : '';
    const card = testCardOf(typed);
    const action = `/public-api/test-checkout/${encodeURIComponent(sessionId)}`;
    if (!isTestProvider(deps.payments)) return notice(c, billing.language, texts[billing.language].unknown, 404);
    if (billing.kind === 'card') {
      if (!card) return cardPage(c, billing, action, typed, 'card');
      await cardChangeSaved(deps.db, deps.config.bankingKeys, billing.cardChangeId, await deps.payments.saveCard(card, billing.customerId), deps.clock());
      deps.mailer?.wake();
      return backToRental(c, billing, 'card');
    }
    if (!card || !paysOnSession(card)) return invoicePage(c, billing, action, typed, card ? 'declined' : 'card');
    const saved = await deps.payments.saveCard(card, billing.customerId);
    await payNowPaid(billingDeps, billing.invoicePaymentId, { outcome: 'succeeded', paymentId: `test_pi_${randomBytes(12).toString('hex')}`, paymentMethodId: saved.paymentMethodId }, saved);
    deps.mailer?.wake();
    return backToRental(c, billing, 'paid');
  };
  const enabled: MiddlewareHandler = async (c, next) => {
    if (!testCheckoutAllowed(deps)) return problemAnswer(c, problem('test_checkout_disabled'));
    await next();
  };
  app.use('/test-checkout.css', enabled);
  app.use('/test-checkout/*', enabled);

  app.get('/test-checkout.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(stylesheet);
  });

  // A session id is letters, digits and underscores: anything else names no checkout.
  app.use('/test-checkout/:sessionId/*', async (c, next) => {
    if (!sessionIdPattern.test(c.req.param('sessionId'))) return notice(c, 'en', texts.en.unknown, 404);
    await next();
  });

  app.get('/test-checkout/:sessionId', async (c) => {
    const sessionId = c.req.param('sessionId');
    const order = await findOrderBySession(deps.db, sessionId);
    if (!order) {
      const billing = await billingSessionOf(deps.db, sessionId, deps.clock());
      if (!billing) return notice(c, 'en', texts.en.unknown, 404);
      const closed = billingSessionClosed(billing);
      if (closed) return notice(c, billing.language, texts[billing.language][closed], 410);
      const action = `/public-api/test-checkout/${encodeURIComponent(sessionId)}`;
      return billing.kind === 'invoice' ? invoicePage(c, billing, action) : cardPage(c, billing, action);
    }
    const status = currentStatus(order, deps.clock());
    if (status !== 'pending') return notice(c, order.locale, status === 'expired' ? texts[order.locale].expired : texts[order.locale].done, 410);
    return orderPage(c, order);
  });

  app.post('/test-checkout/:sessionId/pay', async (c) => {
    const sessionId = c.req.param('sessionId');
    const order = await findOrderBySession(deps.db, sessionId);
    if (!order) return payBilling(c, sessionId);
    const toSuccessPage = () => c.redirect(successUrlTemplate(order.successUrl).replace(sessionIdPlaceholder, encodeURIComponent(sessionId)), 303);
    if (order.status === 'paid') return toSuccessPage();
    if (currentStatus(order, deps.clock()) !== 'pending') return notice(c, order.locale, texts[order.locale].expired, 410);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const text = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
    const values = { buyer_name: text('buyer_name'), buyer_email: text('buyer_email'), card_number: text('card_number') };
    const parsed = buyerForm.safeParse(values);
    const card = testCardOf(values.card_number);
    if (!parsed.success || !card || !paysOnSession(card)) {
      const problems: BuyerAnswer['problems'] = (['name', 'email'] as const).filter((f) => !parsed.success && parsed.error.issues.some((i) => i.path[0] === `buyer_${f}`));
      if (!card) problems.push('card');
      else if (!paysOnSession(card)) problems.push('declined');
      return orderPage(c, order, { values, problems });
    }
    // A rental's card is kept, as Stripe keeps it on a Customer, for its monthly invoices.
    const savedCard = isBilledMonthly(order.quote.product) && isTestProvider(deps.payments) ? await deps.payments.saveCard(card) : null;
    await confirmPayment(deps, sessionId, { paymentIntentId: null, buyer: { name: parsed.data.buyer_name, email: parsed.data.buyer_email }, savedCard });
    return toSuccessPage();
  });

  app.post('/test-checkout/:sessionId/cancel', async (c) => {
    const sessionId = c.req.param('sessionId');
    const order = await findOrderBySession(deps.db, sessionId);
    if (!order) {
      const billing = await billingSessionOf(deps.db, sessionId, deps.clock());
      if (!billing) return notice(c, 'en', texts.en.unknown, 404);
      await abandonBillingSession(deps.db, billing, deps.clock());
      return backToRental(c, billing, 'cancelled');
    }
    await cancelOrder(deps.db, sessionId);
    return c.redirect(order.cancelUrl, 303);
  });
  return app;
}
