import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { projectCategoryLabels, projectMessages, type Project } from '@site/domain';
import { moved, useAdminProjects, useDeleteProject, useReorderProjects } from '../api/projects';
import { ReorderableList } from '#web/components/admin/reorderable-list.tsx';
import { FramePicture, PictureFrame } from '#web/components/picture-frame.tsx';

interface ProjectListProps {
  editingId: string | null;
  onEdit: (project: Project) => void;
  onDeleted: (id: string) => void;
}

/** 'Projects (count)': every project, drafts too, in the order the gallery shows them. */
export function ProjectList({ editingId, onEdit, onDeleted }: ProjectListProps) {
  const list = useAdminProjects();
  const reorder = useReorderProjects();
  const remove = useDeleteProject();
  const projects = list.data ?? [];
  return (
    <ReorderableList
      headingId="project-list-title"
      heading="Projects"
      count={projects.length}
      noun="projects"
      query={list}
      items={projects}
      emptyText="No projects yet. Add your first one above: the gallery shows it once it is published."
      label="Projects in gallery order"
      name={(project) => project.title}
      editingId={editingId}
      reordering={reorder.isPending}
      onMove={(index, direction) => reorder.mutate(moved(projects, index, direction))}
      picture={(project) => {
        const cover = project.photos.find((p) => p.url === project.cover) ?? project.photos[0];
        return (
          <PictureFrame width={96} height={72}>
            {cover?.src ? <FramePicture src={cover.src} alt={`Cover of ${project.title}`} width={96} height={72} loading="lazy" /> : null}
          </PictureFrame>
        );
      }}
      details={(project) => (
        <>
          <Typography color="text.secondary" sx={{ fontSize: '0.9rem' }}>
            {[projectCategoryLabels[project.category], project.suburb, `${project.photos.length} photos`].filter(Boolean).join(' · ')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
            <Chip size="small" label={project.published ? 'Published' : 'Draft'} color={project.published ? 'success' : 'default'} />
            {project.featured ? <Chip size="small" label="Featured" color="secondary" /> : null}
            {project.processing ? <Chip size="small" label="Processing photos" /> : null}
          </Stack>
        </>
      )}
      onEdit={onEdit}
      deleteQuestion={projectMessages.deleteConfirm}
      onDelete={(project) => remove.mutate(project.id, { onSuccess: () => onDeleted(project.id) })}
      deletingId={remove.isPending ? remove.variables : undefined}
    />
  );
}
