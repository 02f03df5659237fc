import Stack from '@mui/material/Stack';
import type { Model3d } from '@site/domain';
import { useState } from 'react';
import { ModelForm } from './components/model-form';
import { ModelList } from './components/model-list';

/** The admin dashboard's 3D Models tab: the form above, the showroom's models below. */
export default function ModelsTab() {
  const [editing, setEditing] = useState<Model3d | null>(null);
  return (
    <Stack spacing={3}>
      <ModelForm editing={editing} onDone={() => setEditing(null)} />
      <ModelList
        editingId={editing?.id ?? null}
        onEdit={(model) => {
          setEditing(model);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
        onDeleted={(id) => setEditing((current) => (current?.id === id ? null : current))}
      />
    </Stack>
  );
}
