import type * as z from 'zod/mini';
import { issueFieldsOf } from '../../shared/contract/field-problems.ts';
import { dayPassOfficeId } from '../../shared/contract/checkout.ts';
import { productNames } from '../../shared/domain/products.ts';
import type { Catalogue } from './i18n.tsx';
import type { AnswerField } from './problem-headers.ts';
import type { FieldProblemWords } from './problem-words.ts';

/*
 * What is wrong with one field, by its field problem code: the shared schemas' messages are these
 * codes, so a form that checks with the server's own schema, and the fields of a refused body,
 * say the same words. The PWA's forms and the staff console both use them; the console sets the
 * French in Quebec typography (its i18n.ts).
 */

const list = (items: readonly string[]) => items.join(', ');

const en: FieldProblemWords = {
  control_characters: () => 'must not contain control characters',
  too_long: (p) => `must be at most ${p.maximum} characters`,
  at_most_chars: (p) => `At most ${p.maximum} characters`,
  at_least: (p) => `At least ${p.minimum}`,
  at_most: (p) => `At most ${p.maximum}`,
  date_format: () => 'Expected a date as YYYY-MM-DD',
  month_format: () => 'Expected a month as YYYY-MM',
  lang: () => 'Expected en or fr',
  unit_code: () => 'must be a unit code such as OFF-101',
  unit_codes: () => 'must be unit codes such as OFF-101',
  unit_code_format: () => 'Use letters, digits, dots, dashes or underscores, such as OFF-101',
  unit_code_reserved: () => `${dayPassOfficeId} and plain numbers mean something else at checkout: use a code such as OFF-101`,
  name_required: () => 'A name is required',
  type_required: () => 'Choose a type',
  whole_number: () => 'Expected a whole number',
  amount_format: () => 'Expected an amount such as 1200 or 1200.50',
  amount_negative: () => 'Amounts cannot be negative',
  amount_too_large: () => 'Amounts above 1,000,000 are refused',
  amount_decimals: () => 'Amounts have at most two decimals',
  email_invalid: () => 'A valid e-mail address is required',
  email_too_long: () => 'An e-mail address has at most 254 characters',
  password_required: () => 'A password is required',
  password_too_short: (p) => `The password needs at least ${p.minimum} characters`,
  password_too_long: (p) => `The password has at most ${p.maximum} characters`,
  sign_in_wrong: () => 'The e-mail or password is not right',
  link_incomplete: () => 'This link is not complete',
  claim_token: () => 'must be the token of a claim link',
  units_required: () => 'At least one office is required',
  entry_number: () => 'Expected an entry number',
  unit_number: () => 'Expected a unit number',
  product: () => `Expected one of ${list(productNames)}`,
  days_required: () => 'Choose at least one day',
  days_to_cancel: () => 'Choose at least one day to cancel',
  // SPEC.md §5's text, to the letter.
  required_fields: () => 'Please fill in all required fields',
  province: () => 'Choose a Canadian province or territory',
  lease_term_whole: () => 'The term is a whole number of months',
  move_in_fee_required: () => 'An amount is required for a fixed move-in fee',
  buyer_name: () => 'Enter a name of at most 200 characters',
  buyer_email: () => 'Enter a valid e-mail address',
  unknown_units: (p) => `no such office: ${list(p.codes)}`,
  retired_units: (p) => `retired, no longer offered: ${list(p.codes)}`,
  rate_required: () => 'required when an office has no list price',
  in_future: () => 'must be in the future',
  within_days: (p) => `must be within ${p.days} days`,
  code_taken: (p) => `${p.code} is already the code of another unit`,
  service_code_taken: (p) => `${p.code} is already the service code of unit ${p.unit}`,
  // zod's own checks: zod's English says what.
  invalid_type: (p) => p.message || 'Not the expected kind of value',
  too_big: (p) => p.message || 'Too big or too long',
  too_small: (p) => p.message || 'Too small or too short',
  invalid_format: (p) => p.message || 'Not in the expected format',
  not_multiple_of: (p) => p.message || 'Not an allowed value',
  unrecognized_keys: (p) => p.message || 'Unknown fields',
  invalid_union: (p) => p.message || 'Not a valid value',
  invalid_key: (p) => p.message || 'Not a valid key',
  invalid_element: (p) => p.message || 'Not a valid element',
  invalid_value: (p) => p.message || 'Not an allowed value',
  custom: (p) => p.message || 'Not a valid value',
};

const fr: FieldProblemWords = {
  control_characters: () => 'ne doit pas contenir de caractères de contrôle',
  too_long: (p) => `doit compter au plus ${p.maximum} caractères`,
  at_most_chars: (p) => `Au plus ${p.maximum} caractères`,
  at_least: (p) => `Au moins ${p.minimum}`,
  at_most: (p) => `Au plus ${p.maximum}`,
  date_format: () => 'Une date au format AAAA-MM-JJ est attendue',
  month_format: () => 'Un mois au format AAAA-MM est attendu',
  lang: () => 'en ou fr est attendu',
  unit_code: () => 'doit être un code d’espace comme OFF-101',
  unit_codes: () => 'doivent être des codes d’espace comme OFF-101',
  unit_code_format: () => 'Utilisez des lettres, des chiffres, des points, des tirets ou des traits de soulignement, comme OFF-101',
  unit_code_reserved: () => `${dayPassOfficeId} et les nombres seuls ont un autre sens au paiement : utilisez un code comme OFF-101`,
  name_required: () => 'Un nom est requis',
  type_required: () => 'Choisissez un type',
  whole_number: () => 'Un nombre entier est attendu',
  amount_format: () => 'Un montant comme 1200 ou 1200,50 est attendu',
  amount_negative: () => 'Les montants ne peuvent pas être négatifs',
  amount_too_large: () => 'Les montants de plus de 1 000 000 sont refusés',
  amount_decimals: () => 'Les montants ont au plus deux décimales',
  email_invalid: () => 'Une adresse courriel valide est requise',
  email_too_long: () => 'Une adresse courriel compte au plus 254 caractères',
  password_required: () => 'Un mot de passe est requis',
  password_too_short: (p) => `Le mot de passe doit compter au moins ${p.minimum} caractères`,
  password_too_long: (p) => `Le mot de passe compte au plus ${p.maximum} caractères`,
  sign_in_wrong: () => 'Le courriel ou le mot de passe n’est pas le bon',
  link_incomplete: () => 'Ce lien est incomplet',
  claim_token: () => 'doit être le jeton d’un lien d’offre',
  units_required: () => 'Au moins un bureau est requis',
  entry_number: () => 'Un numéro d’inscription est attendu',
  unit_number: () => 'Un numéro d’espace est attendu',
  product: () => `Un de ces produits est attendu : ${list(productNames)}`,
  days_required: () => 'Choisissez au moins un jour',
  days_to_cancel: () => 'Choisissez au moins un jour à annuler',
  required_fields: () => 'Veuillez remplir tous les champs obligatoires',
  province: () => 'Choisissez une province ou un territoire du Canada',
  lease_term_whole: () => 'La durée est un nombre entier de mois',
  move_in_fee_required: () => 'Un montant est requis pour des frais d’emménagement fixes',
  buyer_name: () => 'Entrez un nom d’au plus 200 caractères',
  buyer_email: () => 'Entrez une adresse courriel valide',
  unknown_units: (p) => `aucun bureau ${list(p.codes)}`,
  retired_units: (p) => `retirés, plus offerts : ${list(p.codes)}`,
  rate_required: () => 'requis lorsqu’un bureau n’a pas de prix affiché',
  in_future: () => 'doit être dans le futur',
  within_days: (p) => `doit tomber dans les ${p.days} prochains jours`,
  code_taken: (p) => `${p.code} est déjà le code d’un autre espace`,
  service_code_taken: (p) => `${p.code} est déjà le code de service de l’espace ${p.unit}`,
  // zod's English would be the only English on the page: these say the kind of problem instead.
  invalid_type: () => 'Ce n’est pas le type de valeur attendu',
  too_big: () => 'Valeur trop grande ou trop longue',
  too_small: () => 'Valeur trop petite ou trop courte',
  invalid_format: () => 'Le format n’est pas celui attendu',
  not_multiple_of: () => 'Cette valeur n’est pas permise',
  unrecognized_keys: () => 'Champs inconnus',
  invalid_union: () => 'Cette valeur n’est pas valide',
  invalid_key: () => 'Cette clé n’est pas valide',
  invalid_element: () => 'Cet élément n’est pas valide',
  invalid_value: () => 'Cette valeur n’est pas permise',
  custom: () => 'Cette valeur n’est pas valide',
};

export const fieldProblemWords: Catalogue<FieldProblemWords> = { en, fr };

/** A failed check with a shared schema as the fields of a refused body, as the server lists them (a code these words know, else zod's). */
export const fieldProblemsOf = (issues: readonly z.core.$ZodIssue[]): AnswerField[] => issueFieldsOf(issues, (code) => Object.hasOwn(en, code));
