import { Alert } from '../../ui/alert.tsx';
import { frenchVersionOffer } from './catalogue.ts';

/**
 * Charter of the French language, s. 55: before the tenant signs in English, the French version
 * is offered, and one tap shows it. In both languages whatever the page's, French first.
 */
export function FrenchVersionOffer({ onRead }: { onRead: () => void }) {
  const { fr, en } = frenchVersionOffer;
  return (
    <Alert
      tone="info"
      action={
        <button type="button" className="button button--secondary" onClick={onRead}>
          <span lang="fr-CA">{fr.read}</span> / <span lang="en-CA">{en.read}</span>
        </button>
      }
    >
      <p lang="fr-CA">{fr.notice}</p>
      <p lang="en-CA">{en.notice}</p>
    </Alert>
  );
}
