import { Link } from '@tanstack/react-router';
import { categories, type CategorySlug } from '../../../shared/domain/categories.ts';
import { commonMessages } from '../../i18n/common.ts';
import { useMessages } from '../../i18n/i18n.tsx';

/** The category pills: links, so back and forward move between categories. */
export function CategoryPills({ current }: { current: CategorySlug }) {
  const m = useMessages(commonMessages);
  return (
    <nav aria-label={m.categoriesLabel}>
      <ul className="pills">
        {categories.map((c) => (
          <li key={c.slug}>
            <Link to="/$category" params={{ category: c.slug }} className="pill" aria-current={c.slug === current ? 'page' : undefined}>
              {m.categories[c.slug]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
