import Stack from '@mui/material/Stack';
import type { Project } from '@site/domain';
import { useState } from 'react';
import { ProjectForm } from './components/project-form';
import { ProjectList } from './components/project-list';

/** The admin dashboard's Projects tab: the form above, the portfolio below. */
export default function ProjectsTab() {
  const [editing, setEditing] = useState<Project | null>(null);
  return (
    <Stack spacing={3}>
      <ProjectForm editing={editing} onDone={() => setEditing(null)} />
      <ProjectList
        editingId={editing?.id ?? null}
        onEdit={(project) => {
          setEditing(project);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
        onDeleted={(id) => setEditing((current) => (current?.id === id ? null : current))}
      />
    </Stack>
  );
}
