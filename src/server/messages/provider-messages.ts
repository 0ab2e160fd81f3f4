import { catalogue } from './catalogue.ts';
import { staffDraft, type Draft, type Template } from './draft.ts';
import { instantAtSpace } from './letter-format.ts';

/*
 * The payment provider refuses us: staff's one e-mail of the incident (not one per invoice),
 * saying what stopped, what still works, and what to look at.
 */

type Refusal = 'authentication' | 'permission' | 'invalid_request';

const texts = catalogue({
  en: {
    subject: (refusal: string) => `Card payments stopped: Stripe refuses our requests (${refusal})`,
    title: 'Stripe refuses the site’s requests',
    refusals: {
      authentication: 'the API key was refused (revoked, expired or wrong)',
      permission: 'the API key lacks a right the charge needs',
      invalid_request: 'Stripe calls the site’s request invalid',
    } satisfies Record<Refusal, string>,
    why: (refusal: string) =>
      `Stripe refused the billing round’s request: ${refusal}. No card is charged until Stripe answers again; the tries refused are closed as not attempted, so customers can pay with Pay now and you can record payments. Charging resumes by itself at the first request Stripe answers.`,
    whatToDo: 'Check the key in STRIPE_SECRET_KEY and the account in Stripe’s dashboard. You get this e-mail once per incident, not once per invoice.',
    refusal: 'Refusal',
    code: 'Stripe’s code',
    message: 'Stripe’s words',
    since: 'Since',
  },
  fr: {
    subject: (refusal) => `Paiements par carte arrêtés : Stripe refuse nos requêtes (${refusal})`,
    title: 'Stripe refuse les requêtes du site',
    refusals: {
      authentication: 'la clé d’API a été refusée (révoquée, expirée ou erronée)',
      permission: 'la clé d’API n’a pas un droit que le prélèvement demande',
      invalid_request: 'Stripe juge la requête du site invalide',
    },
    why: (refusal) =>
      `Stripe a refusé la requête de la ronde de facturation : ${refusal}. Aucune carte n’est débitée tant que Stripe ne répond pas de nouveau; les essais refusés sont fermés comme non tentés, si bien que les clients peuvent payer avec Payer maintenant et que vous pouvez inscrire des paiements. Les prélèvements reprennent d’eux-mêmes à la première requête à laquelle Stripe répond.`,
    whatToDo: 'Vérifiez la clé dans STRIPE_SECRET_KEY et le compte dans le tableau de bord de Stripe. Vous recevez ce courriel une fois par incident, non une fois par facture.',
    refusal: 'Refus',
    code: 'Code de Stripe',
    message: 'Mots de Stripe',
    since: 'Depuis',
  },
});

export const staffPaymentProviderRefused: Template<'staff_payment_provider_refused'> = (_ctx, message): Draft => {
  const { refusal, code, message: words, since } = message.data;
  const language = message.language;
  const t = texts[language];
  return staffDraft(language, null, {
    subject: t.subject(refusal),
    title: t.title,
    blocks: [
      { kind: 'notice', text: t.why(t.refusals[refusal]) },
      {
        kind: 'facts',
        rows: [
          { label: t.refusal, value: refusal },
          { label: t.code, value: code },
          { label: t.message, value: words },
          { label: t.since, value: instantAtSpace(since, language) },
        ],
      },
      { kind: 'paragraph', text: t.whatToDo },
    ],
  });
};
