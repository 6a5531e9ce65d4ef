import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../features/layout/admin-layout.css.ts';

export const Route = createFileRoute('/')({
  component: DashboardPage,
});

function DashboardPage() {
  return <h1 className={pageTitle}>Dashboard</h1>;
}
