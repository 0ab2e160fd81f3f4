import { site } from '../../shared/site.ts';
import { useLanguage, useCatalogue, type Catalogue } from '../i18n/i18n.tsx';
import './info-card.css';

/*
 * What a customer needs at the door and when in doubt, on the success page and the manage page:
 * the access codes, the Wi-Fi, who runs the space, the welcome guide, and how to reach us.
 */

const en = {
  accessTitle: 'Access codes',
  accessIntro: 'Keep these codes to yourself; they open the doors for you.',
  wifiTitle: 'Wi-Fi',
  wifiNetwork: 'Network',
  wifiPassword: 'Password',
  operationsTitle: 'Operations contact',
  welcomeGuide: 'Read the welcome guide',
  opensInNewTab: '(opens in a new tab)',
  contactTitle: 'Questions?',
  callUs: (phone: string) => `Call us: ${phone}`,
  emailUs: (email: string) => `E-mail us: ${email}`,
};

const fr: typeof en = {
  accessTitle: 'Codes d’accès',
  accessIntro: 'Gardez ces codes pour vous : ils vous ouvrent les portes.',
  wifiTitle: 'Wi-Fi',
  wifiNetwork: 'Réseau',
  wifiPassword: 'Mot de passe',
  operationsTitle: 'Responsable des opérations',
  welcomeGuide: 'Lire le guide de bienvenue',
  opensInNewTab: '(s’ouvre dans un nouvel onglet)',
  contactTitle: 'Des questions?',
  callUs: (phone: string) => `Appelez-nous : ${phone}`,
  emailUs: (email: string) => `Écrivez-nous : ${email}`,
};

const spaceInfoCatalogue: Catalogue<typeof en> = { en, fr };

export function AccessInformation() {
  const m = useCatalogue(spaceInfoCatalogue);
  const { lang } = useLanguage();
  return (
    <section className="info-card" aria-labelledby="access-heading">
      <h2 id="access-heading">{m.accessTitle}</h2>
      <p>{m.accessIntro}</p>
      <dl className="info-list">
        {site.accessCodes.map((a) => (
          <div key={a.code}>
            <dt>{a.label[lang]}</dt>
            <dd className="info-list__code">{a.code}</dd>
          </div>
        ))}
      </dl>
      <h3>{m.wifiTitle}</h3>
      <dl className="info-list">
        <div>
          <dt>{m.wifiNetwork}</dt>
          <dd className="info-list__code">{site.wifi.network}</dd>
        </div>
        <div>
          <dt>{m.wifiPassword}</dt>
          <dd className="info-list__code">{site.wifi.password}</dd>
        </div>
      </dl>
      <h3>{m.operationsTitle}</h3>
      <p>
        {site.operations.name}
        <br />
        <a href={`mailto:${site.operations.email}`}>{site.operations.email}</a>
        <br />
        <a href={`tel:${site.operations.phone.replace(/[^\d+]/g, '')}`}>{site.operations.phone}</a>
      </p>
      <p>
        <a href="/welcome.html" target="_blank" rel="noopener">
          {m.welcomeGuide}
          <span className="visually-hidden"> {m.opensInNewTab}</span>
        </a>
      </p>
    </section>
  );
}

export function ContactLinks() {
  const m = useCatalogue(spaceInfoCatalogue);
  return (
    <section className="info-contact" aria-labelledby="contact-heading">
      <h2 id="contact-heading">{m.contactTitle}</h2>
      <p>
        <a href={`tel:${site.phone.replaceAll(' ', '')}`}>
          {m.callUs(site.phoneDisplay)}
        </a>
        <br />
        <a href={`mailto:${site.email}`}>
          {m.emailUs(site.email)}
        </a>
      </p>
    </section>
  );
}
