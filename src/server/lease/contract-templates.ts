import type { LeaseLanguage } from '../../shared/contract/lease.ts';
import type { ContractSectionText } from '../../shared/domain/contract-text.ts';
import { isServiceType, serviceTypeNames } from '../../shared/domain/products.ts';
import { site } from '../../shared/site.ts';

/** The provider's side of every agreement: fixed text, never taken from a request. */
export const providerSignatory = {
  name: 'Julien Gagnon',
  title: { en: 'General Manager', fr: 'Directeur général' },
} as const;

export interface ContractService {
  name: string;
  service_type: string;
  location_code: string | null;
}

/** A kind of unit inside a sentence: the site's own name for it ('Passe journalière' → 'passe journalière'). */
function serviceTypeLabel(type: string, language: LeaseLanguage): string {
  if (!isServiceType(type)) return type;
  const name = serviceTypeNames[language][type];
  return name.charAt(0).toLocaleLowerCase(language) + name.slice(1);
}

/** One line per service of the offer; names come from the inventory, never from the tenant. */
export function serviceLines(services: readonly ContractService[], language: LeaseLanguage): string[] {
  return services.map((s) => {
    const type = serviceTypeLabel(s.service_type, language);
    const where = s.location_code ? (language === 'fr' ? `, emplacement ${s.location_code}` : `, location ${s.location_code}`) : '';
    return `${s.name} (${type}${where})`;
  });
}

/**
 * The service agreement in SPEC.md's sections/content/details shape. Everything that depends on
 * the offer or the tenant is a {{variable}}, except the list of services, which is data of the
 * offer itself, and whether sales taxes are charged (site.taxes, read when the contract is
 * built): with them, the payment lines show the subtotal, GST and QST with the space's
 * registration numbers, the deposits marked not taxable, and the monthly payment with its taxes;
 * without them, no tax line at all.
 */
export function contractSections(language: LeaseLanguage, services: readonly ContractService[], taxes: { enabled: boolean } = site.taxes): ContractSectionText[] {
  return language === 'fr' ? frenchSections(serviceLines(services, 'fr'), taxes.enabled) : englishSections(serviceLines(services, 'en'), taxes.enabled);
}

/** The end of section 4, with taxes or without. */
const englishLatePayment = {
  title: 'Late payment',
  description:
    'Rent not received within 5 days of its due date may bear a late fee of 2% of the overdue amount per month. A debit refused by the Tenant\'s financial institution may be charged a $25.00 handling fee.',
};

/** The rent and the initial payment, line by line (contract section 4). */
function englishPayment(taxed: boolean): ContractSectionText['content'][number] {
  if (!taxed) {
    return {
      title: '4. Rent and Initial Payment',
      description:
        'The monthly rate is {{monthly_rate}}, less a monthly discount of {{monthly_discount}}, for a monthly rent of {{monthly_rent}}, payable in advance on the 1st of each month. All amounts are in Canadian dollars (CAD).',
      details: [
        {
          title: 'Initial payment, due on signing',
          items: [
            'First month\'s rent ({{first_month_basis}}): {{first_month_rent}}',
            'Security deposit (one month\'s rent): {{security_deposit}}',
            'Move-in fee: {{move_in_fee}}',
            'Key fob deposit: {{key_fob_deposit}}',
            'Less signup discount: {{signup_discount}}',
            'Total initial payment: {{initial_payment_total}}',
          ],
        },
        englishLatePayment,
      ],
    };
  }
  return {
    title: '4. Rent and Initial Payment',
    description:
      'The monthly rate is {{monthly_rate}}, less a monthly discount of {{monthly_discount}}, for a monthly rent of {{monthly_rent}} before taxes, payable in advance on the 1st of each month. All amounts are in Canadian dollars (CAD). The goods and services tax (GST) and the Quebec sales tax (QST) apply to the rent and the move-in fee, less the signup discount; the deposits are not taxable.',
    details: [
      {
        title: 'Initial payment, due on signing',
        items: [
          'First month\'s rent ({{first_month_basis}}): {{first_month_rent}}',
          'Security deposit (one month\'s rent), not taxable: {{security_deposit}}',
          'Move-in fee: {{move_in_fee}}',
          'Key fob deposit, not taxable: {{key_fob_deposit}}',
          'Less signup discount: {{signup_discount}}',
          'Subtotal: {{initial_payment_subtotal}}',
          'GST ({{gst_rate}}), no. {{gst_registration_number}}: {{initial_payment_gst}}',
          'QST ({{qst_rate}}), no. {{qst_registration_number}}: {{initial_payment_qst}}',
          'Total initial payment, taxes included: {{initial_payment_total}}',
        ],
      },
      {
        title: 'Monthly payment, debited on the 1st of each month',
        items: [
          'Monthly rent: {{monthly_rent}}',
          'GST ({{gst_rate}}), no. {{gst_registration_number}}: {{monthly_gst}}',
          'QST ({{qst_rate}}), no. {{qst_registration_number}}: {{monthly_qst}}',
          'Total monthly payment, taxes included: {{monthly_payment_total}}',
        ],
      },
      englishLatePayment,
    ],
  };
}

const frenchLatePayment = {
  title: 'Retard de paiement',
  description:
    'Un loyer non reçu dans les 5 jours suivant son échéance peut porter des frais de retard de 2 % du montant dû par mois. Un prélèvement refusé par l\'institution financière du Locataire peut entraîner des frais de traitement de 25,00 $.',
};

function frenchPayment(taxed: boolean): ContractSectionText['content'][number] {
  if (!taxed) {
    return {
      title: '4. Loyer et paiement initial',
      description:
        'Le tarif mensuel est de {{monthly_rate}}, moins un rabais mensuel de {{monthly_discount}}, pour un loyer mensuel de {{monthly_rent}}, payable d\'avance le 1er de chaque mois. Tous les montants sont en dollars canadiens (CAD).',
      details: [
        {
          title: 'Paiement initial, exigible à la signature',
          items: [
            'Loyer du premier mois ({{first_month_basis}}) : {{first_month_rent}}',
            'Dépôt de garantie (un mois de loyer) : {{security_deposit}}',
            'Frais d\'emménagement : {{move_in_fee}}',
            'Dépôt pour porte-clés électronique : {{key_fob_deposit}}',
            'Moins le rabais d\'inscription : {{signup_discount}}',
            'Paiement initial total : {{initial_payment_total}}',
          ],
        },
        frenchLatePayment,
      ],
    };
  }
  return {
    title: '4. Loyer et paiement initial',
    description:
      'Le tarif mensuel est de {{monthly_rate}}, moins un rabais mensuel de {{monthly_discount}}, pour un loyer mensuel de {{monthly_rent}} avant taxes, payable d\'avance le 1er de chaque mois. Tous les montants sont en dollars canadiens (CAD). La taxe sur les produits et services (TPS) et la taxe de vente du Québec (TVQ) s\'appliquent au loyer et aux frais d\'emménagement, moins le rabais d\'inscription; les dépôts ne sont pas taxables.',
    details: [
      {
        title: 'Paiement initial, exigible à la signature',
        items: [
          'Loyer du premier mois ({{first_month_basis}}) : {{first_month_rent}}',
          'Dépôt de garantie (un mois de loyer), non taxable : {{security_deposit}}',
          'Frais d\'emménagement : {{move_in_fee}}',
          'Dépôt pour porte-clés électronique, non taxable : {{key_fob_deposit}}',
          'Moins le rabais d\'inscription : {{signup_discount}}',
          'Sous-total : {{initial_payment_subtotal}}',
          'TPS ({{gst_rate}}), no\u00a0{{gst_registration_number}} : {{initial_payment_gst}}',
          'TVQ ({{qst_rate}}), no\u00a0{{qst_registration_number}} : {{initial_payment_qst}}',
          'Paiement initial total, taxes incluses : {{initial_payment_total}}',
        ],
      },
      {
        title: 'Paiement mensuel, prélevé le 1er de chaque mois',
        items: [
          'Loyer mensuel : {{monthly_rent}}',
          'TPS ({{gst_rate}}), no\u00a0{{gst_registration_number}} : {{monthly_gst}}',
          'TVQ ({{qst_rate}}), no\u00a0{{qst_registration_number}} : {{monthly_qst}}',
          'Paiement mensuel total, taxes incluses : {{monthly_payment_total}}',
        ],
      },
      frenchLatePayment,
    ],
  };
}

function englishSections(services: string[], taxed: boolean): ContractSectionText[] {
  return [
    {
      title: 'Service Agreement',
      content: [
        {
          title: '1. Parties',
          description:
            'This Service Agreement (the "Agreement") is made between the Provider and the Tenant named below, who agree to the terms that follow.',
          details: [
            {
              title: 'Provider',
              description: '{{provider_name}}, {{provider_address}}, represented by {{provider_signatory}}, {{provider_signatory_title}}.',
              items: ['E-mail: {{provider_email}}', 'Telephone: {{provider_phone}}'],
            },
            {
              title: 'Tenant',
              description: '{{company_name}}, represented by {{contact_name}}.',
              items: ['Address: {{tenant_address}}', 'E-mail: {{tenant_email}}', 'Telephone: {{tenant_phone}}'],
            },
          ],
        },
        {
          title: '2. Premises and Services',
          description:
            'The Provider grants the Tenant the use of the following spaces and services at {{provider_address}} (the "Premises"), together with the shared kitchen, lounges, high-speed Wi-Fi and mail reception during business hours.',
          details: [
            { title: 'Services', items: services },
            {
              title: 'Use of the Premises',
              items: [
                'The Tenant uses the Premises for lawful office work only and follows the house rules posted at the space.',
                'Access cards and key fobs remain the property of the Provider and may not be copied or lent.',
                'The Provider may enter the Premises for cleaning, maintenance and safety, with notice when practical.',
              ],
            },
          ],
        },
        {
          title: '3. Term',
          description:
            'The Agreement starts on {{start_date}} and runs for {{lease_term_months}} months, until {{end_date}}. The monthly rent is locked in for the whole term.',
          details: [
            {
              title: 'After the term',
              description:
                'Unless either party gives written notice at least 30 days before the end of the term, the Agreement continues from month to month on the same terms, and either party may then end it with 30 days\' written notice.',
            },
          ],
        },
        englishPayment(taxed),
        {
          title: '5. Deposits',
          details: [
            {
              title: 'Security deposit',
              description:
                'The Provider holds the security deposit of {{security_deposit}} for the term. It is returned within 30 days after the end of the Agreement, less any unpaid rent and the cost of repairing damage beyond normal wear.',
            },
            {
              title: 'Key fob deposit',
              description: 'The key fob deposit of {{key_fob_deposit}} is refunded in full when every fob and access card is returned.',
            },
          ],
        },
        {
          title: '6. Move-in Fee',
          description:
            '{{move_in_fee_basis}} The move-in fee covers the preparation of the Premises, cleaning and the programming of access; it is not refundable once the Tenant has moved in.',
        },
      ],
    },
    {
      title: 'Pre-Authorized Debit (PAD) Agreement',
      content: [
        {
          title: '7. Authorization',
          description:
            'The Tenant (the "Payer") authorizes {{provider_name}} (the "Payee") and the financial institution it designates to debit the bank account below for the payments of this Agreement. This is a business PAD.',
          details: [
            {
              title: 'Payer\'s account',
              items: [
                'Account holder: {{company_name}}',
                'Transit number: {{transit_number}}',
                'Institution number: {{institution_number}}',
                'Account number: {{account_number}}',
              ],
            },
            {
              title: 'Amounts and frequency',
              items: [
                taxed
                  ? 'The initial payment of {{initial_payment_total}}, taxes included, once, on or after the signing of this Agreement.'
                  : 'The initial payment of {{initial_payment_total}}, once, on or after the signing of this Agreement.',
                taxed
                  ? 'The monthly payment of {{monthly_payment_total}} (the monthly rent of {{monthly_rent}} plus GST and QST), on the 1st of each month, for the term and any renewal.'
                  : 'The monthly rent of {{monthly_rent}}, on the 1st of each month, for the term and any renewal.',
                'Any other amount owed under this Agreement (such as additional services the Payer orders, late fees or the handling fee of a refused debit), after notice as set out below.',
              ],
            },
          ],
        },
        {
          title: '8. Notice of Debits',
          description:
            'The Payee will give the Payer written notice of the amount and date of any debit at least 10 calendar days before it is made whenever that amount or date differs from those set out above. For the fixed amounts set out above, the Payer waives the right to receive that 10-day pre-notification.',
          details: [
            {
              title: 'Confirmation',
              description:
                'The Payee will give the Payer a copy of this signed Agreement, which confirms the PAD authorization, before the first debit.',
            },
          ],
        },
        {
          title: '9. Cancellation of the Authorization',
          description:
            'The Payer may revoke this authorization at any time by giving the Payee at least 10 days\' written notice. Revoking it does not end the Payer\'s obligation to pay the amounts owed under this Agreement. To obtain a sample cancellation form, or more information on the right to cancel a PAD Agreement, the Payer may contact its financial institution or visit www.payments.ca.',
        },
        {
          title: '10. Recourse Rights',
          description:
            'The Payer has certain recourse rights if any debit does not comply with this PAD Agreement. For example, the Payer has the right to receive reimbursement for any debit that is not authorized or is not consistent with this PAD Agreement. For a business PAD, a claim must be made to the Payer\'s financial institution within 10 business days of the debit. To obtain more information on recourse rights, the Payer may contact its financial institution or visit www.payments.ca.',
        },
        {
          title: '11. Other PAD Terms',
          details: [
            {
              title: 'The Payer confirms that',
              items: [
                'every person whose signature is required to authorize debits on the account has signed this Agreement;',
                'it will send a photo of a void cheque for the account to {{admin_email}} after signing;',
                'it will tell the Payee of any change to the account at least 10 days before the next debit.',
              ],
            },
            {
              title: 'Assignment and disclosure',
              description:
                'The Payee may assign this authorization to a successor after at least 10 days\' written notice to the Payer. The Payer agrees that information in this Agreement may be disclosed to the financial institutions involved to process the debits.',
            },
            {
              title: 'Payee contact',
              description: '{{provider_name}}, {{provider_address}}, {{provider_email}}, {{provider_phone}}.',
            },
          ],
        },
      ],
    },
    {
      title: 'General Terms',
      content: [
        {
          title: '12. Cancellation and Termination',
          details: [
            {
              title: 'By the Tenant',
              description:
                'The Tenant may not end the Agreement before the end of the term except with the Provider\'s written consent. After the term, the Tenant may end it with 30 days\' written notice, effective at the end of a month.',
            },
            {
              title: 'By the Provider',
              description:
                'The Provider may end the Agreement if rent remains unpaid 15 days after written notice, or if the Tenant seriously breaches the house rules or this Agreement, without prejudice to the amounts owed.',
            },
            {
              title: 'Moving out',
              description: 'At the end of the Agreement the Tenant leaves the Premises clean and empty and returns every key fob and access card.',
            },
          ],
        },
        {
          title: '13. Liability and Insurance',
          description:
            'The Tenant is responsible for its property and for the acts of its employees and visitors at the space. The Provider is not liable for the loss of, or damage to, the Tenant\'s property except through its own fault. The Tenant keeps general liability insurance of at least $1,000,000 for the term.',
        },
        {
          title: '14. Governing Law and Language',
          description:
            'This Agreement is governed by the laws of the Province of Quebec. It is offered in French and in English; the parties have chosen to sign the version in the language shown, and either version may be obtained from the Provider at any time.',
        },
      ],
    },
    {
      title: 'Signatures',
      content: [
        {
          title: 'For the Provider',
          description: '{{provider_signatory}}, {{provider_signatory_title}}, for {{provider_name}}',
        },
        {
          title: 'For the Tenant',
          description: '{{signer_name}}, for {{company_name}}, signed electronically on {{signed_date}}',
        },
      ],
    },
  ];
}

function frenchSections(services: string[], taxed: boolean): ContractSectionText[] {
  return [
    {
      title: 'Contrat de services',
      content: [
        {
          title: '1. Parties',
          description:
            'Le présent contrat de services (le « Contrat ») est conclu entre le Prestataire et le Locataire nommés ci-dessous, qui conviennent de ce qui suit.',
          details: [
            {
              title: 'Prestataire',
              description: '{{provider_name}}, {{provider_address}}, représenté par {{provider_signatory}}, {{provider_signatory_title}}.',
              items: ['Courriel : {{provider_email}}', 'Téléphone : {{provider_phone}}'],
            },
            {
              title: 'Locataire',
              description: '{{company_name}}, représentée par {{contact_name}}.',
              items: ['Adresse : {{tenant_address}}', 'Courriel : {{tenant_email}}', 'Téléphone : {{tenant_phone}}'],
            },
          ],
        },
        {
          title: '2. Locaux et services',
          description:
            'Le Prestataire accorde au Locataire l\'usage des espaces et services suivants au {{provider_address}} (les « Locaux »), ainsi que de la cuisine commune, des salons, du Wi-Fi haute vitesse et de la réception du courrier pendant les heures d\'ouverture.',
          details: [
            { title: 'Services', items: services },
            {
              title: 'Usage des Locaux',
              items: [
                'Le Locataire utilise les Locaux uniquement pour un travail de bureau licite et respecte le règlement affiché dans l\'espace.',
                'Les cartes d\'accès et porte-clés électroniques demeurent la propriété du Prestataire et ne peuvent être copiés ni prêtés.',
                'Le Prestataire peut entrer dans les Locaux pour le ménage, l\'entretien et la sécurité, avec un préavis lorsque c\'est possible.',
              ],
            },
          ],
        },
        {
          title: '3. Durée',
          description:
            'Le Contrat commence le {{start_date}} et dure {{lease_term_months}} mois, jusqu\'au {{end_date}}. Le loyer mensuel est garanti pour toute la durée.',
          details: [
            {
              title: 'À la fin de la durée',
              description:
                'À moins que l\'une des parties ne donne un avis écrit au moins 30 jours avant la fin de la durée, le Contrat se poursuit de mois en mois aux mêmes conditions, et chaque partie peut alors y mettre fin par un avis écrit de 30 jours.',
            },
          ],
        },
        frenchPayment(taxed),
        {
          title: '5. Dépôts',
          details: [
            {
              title: 'Dépôt de garantie',
              description:
                'Le Prestataire conserve le dépôt de garantie de {{security_deposit}} pendant la durée du Contrat. Il est remboursé dans les 30 jours suivant la fin du Contrat, moins tout loyer impayé et le coût de réparation des dommages au-delà de l\'usure normale.',
            },
            {
              title: 'Dépôt pour porte-clés électronique',
              description: 'Le dépôt de {{key_fob_deposit}} est remboursé en entier au retour de tous les porte-clés et cartes d\'accès.',
            },
          ],
        },
        {
          title: '6. Frais d\'emménagement',
          description:
            '{{move_in_fee_basis}} Les frais d\'emménagement couvrent la préparation des Locaux, le ménage et la programmation des accès; ils ne sont pas remboursables une fois l\'emménagement fait.',
        },
      ],
    },
    {
      title: 'Accord de débit préautorisé (DPA)',
      content: [
        {
          title: '7. Autorisation',
          description:
            'Le Locataire (le « Payeur ») autorise {{provider_name}} (le « Bénéficiaire ») et l\'institution financière qu\'il désigne à prélever sur le compte bancaire ci-dessous les paiements prévus au présent Contrat. Il s\'agit d\'un DPA d\'entreprise.',
          details: [
            {
              title: 'Compte du Payeur',
              items: [
                'Titulaire du compte : {{company_name}}',
                'Numéro de transit : {{transit_number}}',
                'Numéro d\'institution : {{institution_number}}',
                'Numéro de compte : {{account_number}}',
              ],
            },
            {
              title: 'Montants et fréquence',
              items: [
                taxed
                  ? 'Le paiement initial de {{initial_payment_total}}, taxes incluses, une fois, à la signature du présent Contrat ou après.'
                  : 'Le paiement initial de {{initial_payment_total}}, une fois, à la signature du présent Contrat ou après.',
                taxed
                  ? 'Le paiement mensuel de {{monthly_payment_total}} (le loyer mensuel de {{monthly_rent}} plus la TPS et la TVQ), le 1er de chaque mois, pendant la durée et tout renouvellement.'
                  : 'Le loyer mensuel de {{monthly_rent}}, le 1er de chaque mois, pendant la durée et tout renouvellement.',
                'Tout autre montant dû en vertu du présent Contrat (services additionnels commandés par le Payeur, frais de retard ou frais de traitement d\'un prélèvement refusé), après l\'avis prévu ci-dessous.',
              ],
            },
          ],
        },
        {
          title: '8. Avis des prélèvements',
          description:
            'Le Bénéficiaire donnera au Payeur un avis écrit du montant et de la date de tout prélèvement au moins 10 jours civils avant celui-ci chaque fois que ce montant ou cette date diffère de ceux indiqués ci-dessus. Pour les montants fixes indiqués ci-dessus, le Payeur renonce à recevoir ce préavis de 10 jours.',
          details: [
            {
              title: 'Confirmation',
              description:
                'Le Bénéficiaire remettra au Payeur une copie du présent Contrat signé, qui confirme l\'autorisation de DPA, avant le premier prélèvement.',
            },
          ],
        },
        {
          title: '9. Révocation de l\'autorisation',
          description:
            'Le Payeur peut révoquer la présente autorisation en tout temps en donnant au Bénéficiaire un avis écrit d\'au moins 10 jours. La révocation ne met pas fin à l\'obligation du Payeur de payer les montants dus en vertu du présent Contrat. Pour obtenir un modèle de formulaire d\'annulation ou plus d\'information sur le droit d\'annuler un accord de DPA, le Payeur peut communiquer avec son institution financière ou visiter www.paiements.ca.',
        },
        {
          title: '10. Droits de recours',
          description:
            'Le Payeur dispose de certains droits de recours si un prélèvement n\'est pas conforme au présent accord de DPA. Par exemple, le Payeur a le droit de recevoir le remboursement de tout prélèvement non autorisé ou non conforme au présent accord de DPA. Pour un DPA d\'entreprise, la réclamation doit être présentée à l\'institution financière du Payeur dans les 10 jours ouvrables suivant le prélèvement. Pour obtenir plus d\'information sur ses droits de recours, le Payeur peut communiquer avec son institution financière ou visiter www.paiements.ca.',
        },
        {
          title: '11. Autres conditions du DPA',
          details: [
            {
              title: 'Le Payeur confirme',
              items: [
                'que toutes les personnes dont la signature est requise pour autoriser des prélèvements sur le compte ont signé le présent Contrat;',
                'qu\'il enverra une photo d\'un chèque annulé du compte à {{admin_email}} après la signature;',
                'qu\'il informera le Bénéficiaire de tout changement de compte au moins 10 jours avant le prochain prélèvement.',
              ],
            },
            {
              title: 'Cession et communication',
              description:
                'Le Bénéficiaire peut céder la présente autorisation à un successeur après un avis écrit d\'au moins 10 jours au Payeur. Le Payeur accepte que les renseignements du présent Contrat soient communiqués aux institutions financières concernées pour traiter les prélèvements.',
            },
            {
              title: 'Coordonnées du Bénéficiaire',
              description: '{{provider_name}}, {{provider_address}}, {{provider_email}}, {{provider_phone}}.',
            },
          ],
        },
      ],
    },
    {
      title: 'Conditions générales',
      content: [
        {
          title: '12. Annulation et résiliation',
          details: [
            {
              title: 'Par le Locataire',
              description:
                'Le Locataire ne peut mettre fin au Contrat avant la fin de la durée qu\'avec le consentement écrit du Prestataire. Après la durée, il peut y mettre fin par un avis écrit de 30 jours, à compter de la fin d\'un mois.',
            },
            {
              title: 'Par le Prestataire',
              description:
                'Le Prestataire peut mettre fin au Contrat si le loyer demeure impayé 15 jours après un avis écrit, ou si le Locataire manque gravement au règlement ou au présent Contrat, sans préjudice des montants dus.',
            },
            {
              title: 'Départ',
              description: 'À la fin du Contrat, le Locataire laisse les Locaux propres et vides et rend tous les porte-clés et cartes d\'accès.',
            },
          ],
        },
        {
          title: '13. Responsabilité et assurance',
          description:
            'Le Locataire est responsable de ses biens et des actes de ses employés et visiteurs dans l\'espace. Le Prestataire n\'est responsable de la perte ou de l\'endommagement des biens du Locataire qu\'en cas de faute de sa part. Le Locataire maintient une assurance responsabilité civile d\'au moins 1 000 000 $ pendant la durée.',
        },
        {
          title: '14. Droit applicable et langue',
          description:
            'Le présent Contrat est régi par les lois de la province de Québec. Il est offert en français et en anglais; les parties ont choisi de signer la version dans la langue affichée, et chaque version peut être obtenue du Prestataire en tout temps.',
        },
      ],
    },
    {
      title: 'Signatures',
      content: [
        {
          title: 'Pour le Prestataire',
          description: '{{provider_signatory}}, {{provider_signatory_title}}, pour {{provider_name}}',
        },
        {
          title: 'Pour le Locataire',
          description: '{{signer_name}}, pour {{company_name}}, signé électroniquement le {{signed_date}}',
        },
      ],
    },
  ];
}
