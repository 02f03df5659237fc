import { PageMeta } from '../../components/page-meta';
import { ProtectedRoute } from '../auth/components/protected-route';
import { AdminDashboard } from './components/admin-dashboard';

export default function AdminPage() {
  return (
    <>
      <PageMeta
        title="Admin Dashboard | Inquiries, quotes and reviews"
        description="Staff dashboard for project inquiries, quote requests, reviews and visitors."
        keywords="admin, dashboard, inquiries, quotes, reviews"
        noindex
      />
      <ProtectedRoute>
        <AdminDashboard />
      </ProtectedRoute>
    </>
  );
}
