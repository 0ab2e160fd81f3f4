import { waitlistProblemEn, type WaitlistProblem } from '../../shared/domain/waitlist-rules.ts';
import type { Catalogue } from './i18n.tsx';

/**
 * What is wrong with a waitlist entry, by the waitlist's own problem code: the enquiry form says
 * it beside a field, and a refused entry says it by the code the server named (English: the
 * server's own texts).
 */
export const waitlistProblemWords: Catalogue<Record<WaitlistProblem, string>> = {
  en: waitlistProblemEn,
  fr: {
    bodyInvalid: 'L’inscription doit être un objet JSON',
    required: 'Veuillez remplir tous les champs obligatoires',
    nameTooLong: 'Le nom doit compter au plus 200 caractères',
    nameInvalid: 'Le nom ne doit pas contenir de caractères de contrôle',
    emailInvalid: 'Veuillez entrer une adresse courriel valide',
    phoneTooLong: 'Le numéro de téléphone doit compter au plus 40 caractères',
    phoneInvalid: 'Le numéro de téléphone ne doit pas contenir de caractères de contrôle',
    officeRequired: 'Veuillez sélectionner au moins un espace',
    officeLimit: 'Veuillez sélectionner au plus 3 espaces',
    officeInvalid: 'Les espaces doivent être choisis dans la liste',
    officeDuplicate: 'Chaque espace ne peut être choisi qu’une fois',
    officeUnknown: 'Un ou plusieurs des espaces choisis n’existent pas',
    officeNotWaitlistable: 'Seuls les bureaux, les postes et les places de stationnement ont une liste d’attente',
    usersInvalid: 'Le nombre d’utilisateurs doit être un nombre entier d’au moins 1',
    usersTooMany: 'Le nombre d’utilisateurs doit être d’au plus 10 000',
    budgetInvalid: 'Les budgets doivent être des nombres de 0 ou plus',
    budgetTooHigh: 'Les budgets doivent être d’au plus 10 000 000 $',
    budgetOrder: 'Le budget minimum ne peut pas dépasser le budget maximum',
    dateInvalid: 'La date de début souhaitée doit être une date valide',
    datePast: 'La date de début souhaitée ne peut pas être passée',
  },
};
