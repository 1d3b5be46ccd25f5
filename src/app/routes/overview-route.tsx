// As find-route.tsx does: reaching the Users and Products pages' modules keeps the bundler from
// splitting what the overview shares with them (a button, the refresh status, the API client)
// into extra chunks on those pages' first render. Nothing of the overview is added to them.
import './users-route';
import './products-route';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { OverviewPage } from '../../features/overview/overview-page';
import { seenCategories } from '../../features/products/seen-categories';
import { useEnvironment } from '../environment';

export function Component() {
  const { apiBaseUrl, categories } = useEnvironment();
  const queryClient = useQueryClient();
  // The API lists no categories: config.json's (or the demo's), and those seen in the products
  // table this session.
  const known = useMemo(
    () => [...new Set([...categories, ...seenCategories(queryClient)])],
    [categories, queryClient],
  );
  return <OverviewPage apiBaseUrl={apiBaseUrl} categories={known} />;
}
