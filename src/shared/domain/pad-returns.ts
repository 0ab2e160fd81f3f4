/*
 * What a returned PAD debit means for the agreement, by its CPA-007 return code (Payments Canada's
 * list, as @cityssm/cpa-codes carries it; the English names are the list's, the French ours):
 * - redebit: the account lacked funds; the debit may be made once more, after a new notice, with
 *   the contract's handling fee;
 * - stop: the account is closed, frozen or wrong, the payment was stopped or the authorization
 *   revoked: no debit is made on this agreement again, until a new one (or a card) replaces it;
 * - dispute: the payer claimed the debit back under their recourse rights (section 10): the
 *   invoice is due again, and the agreement stands.
 */

export type PadReturnOutcome = 'redebit' | 'stop' | 'dispute';

export interface PadReturnCode {
  en: string;
  fr: string;
  outcome: PadReturnOutcome;
}

export const padReturnCodes = {
  '900': { en: 'Edit Reject', fr: 'Rejet à la validation', outcome: 'stop' },
  '901': { en: 'NSF', fr: 'Provision insuffisante', outcome: 'redebit' },
  '902': { en: 'Account Not Found', fr: 'Compte introuvable', outcome: 'stop' },
  '903': { en: 'Payment Stopped/Recalled', fr: 'Paiement arrêté ou rappelé', outcome: 'stop' },
  '905': { en: 'Account Closed', fr: 'Compte fermé', outcome: 'stop' },
  '907': { en: 'No Debit Allowed', fr: 'Aucun débit permis', outcome: 'stop' },
  '908': { en: 'Funds Not Cleared', fr: 'Fonds non compensés', outcome: 'redebit' },
  '909': { en: 'Currency/Account Mismatch', fr: 'Devise ne correspondant pas au compte', outcome: 'stop' },
  '910': { en: 'Payor/Payee Deceased', fr: 'Payeur ou bénéficiaire décédé', outcome: 'stop' },
  '911': { en: 'Account Frozen', fr: 'Compte bloqué', outcome: 'stop' },
  '912': { en: 'Invalid/Incorrect Account Number', fr: 'Numéro de compte invalide ou erroné', outcome: 'stop' },
  '914': { en: 'Incorrect Payor/Payee Name', fr: 'Nom du payeur ou du bénéficiaire erroné', outcome: 'stop' },
  '915': { en: 'No Agreement Existed', fr: 'Aucun accord n’existait', outcome: 'stop' },
  '916': { en: 'Not According to Agreement - Personal', fr: 'Non conforme à l’accord – particulier', outcome: 'dispute' },
  '917': { en: 'Agreement Revoked - Personal', fr: 'Accord révoqué – particulier', outcome: 'stop' },
  '918': { en: 'No Confirmation/Pre-Notification - Personal', fr: 'Aucune confirmation ni préavis – particulier', outcome: 'dispute' },
  '919': { en: 'Not According to Agreement - Business', fr: 'Non conforme à l’accord – entreprise', outcome: 'dispute' },
  '920': { en: 'Agreement Revoked - Business', fr: 'Accord révoqué – entreprise', outcome: 'stop' },
  '921': { en: 'No Confirmation/Pre-Notification - Business', fr: 'Aucune confirmation ni préavis – entreprise', outcome: 'dispute' },
  '922': { en: 'Customer Initiated Return', fr: 'Retour à l’initiative du client', outcome: 'dispute' },
  '990': { en: 'Institution in Default', fr: 'Institution en défaut', outcome: 'stop' },
} as const satisfies Record<string, PadReturnCode>;

export type PadReturnCodeValue = keyof typeof padReturnCodes;
export const padReturnCodeValues = Object.keys(padReturnCodes) as PadReturnCodeValue[];

export function isPadReturnCode(code: string): code is PadReturnCodeValue {
  return Object.hasOwn(padReturnCodes, code);
}

/** A return code's reason in a language (Payments Canada's name for it), or the code itself when it is none we know. */
export function padReturnReason(code: string, lang: 'en' | 'fr'): string {
  return isPadReturnCode(code) ? padReturnCodes[code][lang] : code;
}
