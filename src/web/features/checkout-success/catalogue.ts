import { formatTaxRate } from '../../../shared/domain/pricing.ts';
import { site } from '../../../shared/site.ts';
import { products } from '../../../shared/domain/products.ts';
import { formatHour } from '../../i18n/hours.ts';
import type { Catalogue } from '../../i18n/i18n.tsx';

type Tax = 'gst' | 'qst';
const nbsp = '\u00a0';
const { conference_room: { hours: room }, day_pass: { hours: pass } } = products;
const enHour = (hour: number) => formatHour(hour, 'en');
const frHour = (hour: number) => formatHour(hour, 'fr');

const en = {
  title: 'Payment Successful!',
  notPaidTitle: 'Payment not completed',
  thanks: 'Thank you for your purchase. A receipt is on its way to your e-mail.',
  rented: (name: string) => `Successfully rented ${name}! Check your email for confirmation.`,
  checking: 'Confirming your payment...',
  notPaid: 'This payment was not completed, so nothing was charged. You can try again from the listings.',
  refundedTitle: 'Payment refunded',
  refundPendingTitle: 'Refund in progress',
  cancelledTitle: 'Booking cancelled',
  cancelled: 'This booking was cancelled through its manage link, and its price is refunded to your card. The details are on the booking’s page and in the e-mail we sent.',
  manageTitle: 'Your booking, any time',
  manageIntro: 'See it, add it to your calendar, fetch the receipt again or cancel it under our cancellation policy, from its private page. Keep the link to yourself: anyone who has it can manage the booking.',
  manageLink: 'Manage your booking',
  refunded:
    'Your payment arrived after this booking had gone to someone else, so nothing was booked and the full amount has been refunded to your card. It can take 5 to 10 business days to appear on your statement.',
  refundPending:
    'Your payment arrived after this booking had gone to someone else, so nothing was booked. We are refunding the full amount to your card; it can take 5 to 10 business days to appear on your statement.',
  noDetails: 'Your payment went through. The details of your purchase are in the confirmation e-mail.',
  purchaseDetails: 'Purchase details',
  item: 'Space',
  type: 'Type',
  option: 'Rental option',
  options: { daily: 'Daily', monthly: 'Month-to-month', standard: 'Monthly rental', lease: '12-month lease' },
  date: 'Date',
  dates: 'Dates',
  startDate: 'Start date',
  days: 'Days',
  monthlyRate: 'Monthly rate',
  dailyRate: 'Daily rate',
  proratedFirstMonth: 'First month, prorated',
  lastMonth: 'Last month, paid in advance',
  keyFee: 'Key fee',
  setupFee: 'Setup fee',
  subtotal: 'Subtotal',
  /** 'GST (5%), no. 723456789 RT0001': each tax with its rate and the space's registration number, as on the receipt. */
  tax: (tax: Tax) => `${tax === 'gst' ? 'GST' : 'QST'} (${formatTaxRate(site.taxes[tax].rateThousandthsOfPercent, 'en')}%), no. ${site.taxes[tax].registrationNumber}`,
  totalPaid: 'Total paid',
  downloadReceipt: 'Download your receipt (PDF)',
  conferenceNote: `Your conference room is reserved for the full day, ${enHour(room.opens)}-${enHour(room.closes)}.`,
  dayPassNote: `Your day pass gives you hot desk access ${enHour(pass.opens)}-${enHour(pass.closes)} on weekdays.`,
  contactNote: 'Our team will contact you within 24 hours to welcome you and answer your questions.',
  calendarSummaryConference: (name: string) => `${name}: conference room booking`,
  calendarSummaryDayPass: 'Day pass: hot desk access',
  viewMoreSpaces: 'View More Spaces',
  visitMainSite: 'Visit Main Site',
};

const fr: typeof en = {
  title: 'Paiement réussi!',
  notPaidTitle: 'Paiement non complété',
  thanks: 'Merci de votre achat. Un reçu vous a été envoyé par courriel.',
  rented: (name: string) => `Location de ${name} réussie! Consultez vos courriels pour la confirmation.`,
  checking: 'Confirmation de votre paiement...',
  notPaid: 'Ce paiement n’a pas été complété : rien n’a été débité. Vous pouvez réessayer à partir des annonces.',
  refundedTitle: 'Paiement remboursé',
  refundPendingTitle: 'Remboursement en cours',
  cancelledTitle: 'Réservation annulée',
  cancelled: 'Cette réservation a été annulée à partir de son lien de gestion, et son prix est remboursé sur votre carte. Les détails se trouvent sur la page de la réservation et dans le courriel que nous vous avons envoyé.',
  manageTitle: 'Votre réservation, en tout temps',
  manageIntro: 'Consultez-la, ajoutez-la à votre calendrier, téléchargez de nouveau le reçu ou annulez-la selon notre politique d’annulation, à partir de sa page privée. Gardez ce lien pour vous : toute personne qui l’a peut gérer la réservation.',
  manageLink: 'Gérer votre réservation',
  refunded:
    'Votre paiement est arrivé après que cette réservation a été attribuée à quelqu’un d’autre : rien n’a été réservé et le montant complet a été remboursé sur votre carte. Le remboursement peut prendre de 5 à 10 jours ouvrables avant d’apparaître sur votre relevé.',
  refundPending:
    'Votre paiement est arrivé après que cette réservation a été attribuée à quelqu’un d’autre : rien n’a été réservé. Nous remboursons le montant complet sur votre carte; le remboursement peut prendre de 5 à 10 jours ouvrables avant d’apparaître sur votre relevé.',
  noDetails: 'Votre paiement a été accepté. Les détails de votre achat se trouvent dans le courriel de confirmation.',
  purchaseDetails: 'Détails de l’achat',
  item: 'Espace',
  type: 'Type',
  option: 'Option de location',
  options: { daily: 'À la journée', monthly: 'Au mois', standard: 'Location mensuelle', lease: 'Bail de 12 mois' },
  date: 'Date',
  dates: 'Dates',
  startDate: 'Date de début',
  days: 'Jours',
  monthlyRate: 'Tarif mensuel',
  dailyRate: 'Tarif à la journée',
  proratedFirstMonth: 'Premier mois, au prorata',
  lastMonth: 'Dernier mois, payé d’avance',
  keyFee: 'Frais de clé',
  setupFee: 'Frais d’installation',
  subtotal: 'Sous-total',
  tax: (tax: Tax) => `${tax === 'gst' ? 'TPS' : 'TVQ'} (${formatTaxRate(site.taxes[tax].rateThousandthsOfPercent, 'fr')}${nbsp}%), no${nbsp}${site.taxes[tax].registrationNumber}`,
  totalPaid: 'Total payé',
  downloadReceipt: 'Télécharger votre reçu (PDF)',
  conferenceNote: `Votre salle de conférence est réservée pour la journée complète, de ${frHour(room.opens)} à ${frHour(room.closes)}.`,
  dayPassNote: `Votre passe journalière vous donne accès à un poste flexible de ${frHour(pass.opens)} à ${frHour(pass.closes)} en semaine.`,
  contactNote: 'Notre équipe communiquera avec vous d’ici 24 heures pour vous accueillir et répondre à vos questions.',
  calendarSummaryConference: (name: string) => `${name} : réservation de salle de conférence`,
  calendarSummaryDayPass: 'Passe journalière : accès à un poste flexible',
  viewMoreSpaces: 'Voir plus d’espaces',
  visitMainSite: 'Visiter le site principal',
};

export const checkoutSuccessCatalogue: Catalogue<typeof en> = { en, fr };
