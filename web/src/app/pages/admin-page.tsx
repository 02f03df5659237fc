import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { PageMeta } from '../../components/page-meta';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { ProtectedRoute } from '../../lib/auth/protected-route';

// The 3D models feature is its own chunk: most visits to the dashboard never open its tab.
const ModelsTab = lazy(() => import('../../features/models/models-tab'));
const ProjectsTab = lazy(() => import('../../features/projects-admin/projects-tab'));
const SettingsTab = lazy(() => import('../../features/settings/settings-tab'));

/** /admin: the dashboard's lead, review, visitor and activity tabs, with the 3D models, projects and settings features' tabs handed in. */
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
        <AdminDashboard
          modelsTab={
            <Suspense fallback={<CircularProgress aria-label="Loading 3D models" />}>
              <ModelsTab />
            </Suspense>
          }
          projectsTab={
            <Suspense fallback={<CircularProgress aria-label="Loading projects" />}>
              <ProjectsTab />
            </Suspense>
          }
          settingsTab={
            <Suspense fallback={<CircularProgress aria-label="Loading settings" />}>
              <SettingsTab />
            </Suspense>
          }
        />
      </ProtectedRoute>
    </>
  );
}
