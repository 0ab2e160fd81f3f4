import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Outlet,
  // SPEC §2: unknown paths show the conference category.
  notFoundComponent: () => <Navigate to="/$category" params={{ category: 'conference' }} replace />,
});
