import { Link } from '@tanstack/react-router';
import { useLayoutEffect, useRef } from 'react';
import { categories, type CategorySlug } from '../../../shared/domain/categories.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';

/**
 * The category pills: links, so back and forward move between categories. On a phone the row
 * scrolls sideways; the current category is scrolled into the row's view, so a visitor who
 * opens /parking sees which pill is on.
 */
export function CategoryPills({ current }: { current: CategorySlug }) {
  const m = useCatalogue(appCatalogue);
  const list = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const row = list.current;
    if (!row) return;
    // Read when a ResizeObserver first reports, with the next frame, after the browser's own
    // layout and before it paints: read in the commit, the pill's place forced a layout of the
    // whole page in the middle of React's task. Once only, so a visitor's own scroll of the row
    // stays when the row later changes size.
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      const pill = row.querySelector<HTMLElement>('[aria-current="page"]');
      if (!pill) return;
      const left = pill.offsetLeft - row.offsetLeft;
      // Only the row moves, never the page: scrollIntoView would also scroll the window.
      if (left < row.scrollLeft || left + pill.offsetWidth > row.scrollLeft + row.clientWidth) {
        row.scrollLeft = left - (row.clientWidth - pill.offsetWidth) / 2;
      }
    });
    observer.observe(row);
    return () => observer.disconnect();
  }, [current]);
  return (
    <nav aria-label={m.categoriesLabel}>
      <ul className="pills" ref={list}>
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
