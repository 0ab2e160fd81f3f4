import { Link, useNavigate } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode } from 'react';

/*
 * The public app registers its router's types for the whole program (TanStack's Register), so
 * Link and useNavigate would check the console's paths against the public route tree. These
 * two wrappers take the console's paths as plain strings; the router checks them at run time.
 */

export interface StaffLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  params?: Record<string, string>;
  search?: Record<string, string | undefined>;
  /**
   * When the link counts as the current page (aria-current="page"): by default, its path and
   * every path under it. exact: only its own path.
   */
  activeOptions?: { exact?: boolean; includeSearch?: boolean };
  children: ReactNode;
}

const UntypedLink = Link as unknown as (props: StaffLinkProps) => ReactNode;

export function StaffLink(props: StaffLinkProps) {
  return <UntypedLink {...props} />;
}

export interface StaffNavigation {
  to: string;
  params?: Record<string, string>;
  search?: Record<string, string | undefined>;
  replace?: boolean;
}

export function useStaffNavigate(): (target: StaffNavigation) => Promise<void> {
  const navigate = useNavigate();
  return (target) => navigate(target as never);
}

/** A 'next' address to return to after signing in: only a page of the console, never another site. */
export function safeNext(next: string | undefined): string {
  return next && /^\/staff(\/|\?|$)/.test(next) && !next.startsWith('//') && !next.startsWith('/staff/sign-in') ? next : '/staff/inventory';
}
