import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { projectCategoryLabels, projectMessages, type Project } from '@site/domain';
import { useConfirm } from '../../../components/use-confirm';
import { moved, useAdminProjects, useDeleteProject, useReorderProjects } from '../api/projects';
import { RowActions } from '../../../components/admin/row-actions';

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

  const { confirm, dialog } = useConfirm();
  const onDelete = (project: Project) =>
    confirm({
      title: `Delete ${project.title}?`,
      question: projectMessages.deleteConfirm,
      onConfirm: () => remove.mutate(project.id, { onSuccess: () => onDeleted(project.id) }),
    });

  return (
    <Paper component="section" aria-labelledby="project-list-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="project-list-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Projects ({projects.length})
      </Typography>
      {list.isPending ? (
        <Typography role="status">Loading projects...</Typography>
      ) : list.isError ? (
        <Box role="alert">
          <Typography sx={{ mb: 1 }}>The projects could not be loaded.</Typography>
          <Button variant="outlined" size="small" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Box>
      ) : projects.length === 0 ? (
        <Typography color="text.secondary">
          No projects yet. Add your first one above: the gallery shows it once it is published.
        </Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Projects in gallery order">
          {projects.map((project, index) => {
            const cover = project.photos.find((p) => p.url === project.cover) ?? project.photos[0];
            return (
              <Box
                component="li"
                key={project.id}
                aria-label={project.title}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: 'auto 1fr', sm: 'auto auto 1fr auto' },
                  alignItems: 'center',
                  gap: { xs: 1, sm: 2 },
                  p: 1.5,
                  border: 1,
                  borderColor: project.id === editingId ? 'primary.main' : 'divider',
                  borderRadius: 1,
                }}
              >
                <Stack direction={{ xs: 'row', sm: 'column' }} sx={{ gridRow: { xs: 2, sm: 'auto' } }}>
                  <Tooltip title="Move up">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${project.title} up`}
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => reorder.mutate(moved(projects, index, -1))}
                      >
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move down">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${project.title} down`}
                        disabled={index === projects.length - 1 || reorder.isPending}
                        onClick={() => reorder.mutate(moved(projects, index, 1))}
                      >
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
                <Box
                  sx={{ width: 96, height: 72, borderRadius: 1, overflow: 'hidden', bgcolor: '#ece7df', gridRow: { xs: 1, sm: 'auto' } }}
                >
                  {cover?.src ? (
                    <Box
                      component="img"
                      src={cover.src}
                      alt={`Cover of ${project.title}`}
                      width={96}
                      height={72}
                      loading="lazy"
                      sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                    />
                  ) : null}
                </Box>
                <Box sx={{ minWidth: 0, gridRow: { xs: 1, sm: 'auto' } }}>
                  <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {project.title}
                  </Typography>
                  <Typography color="text.secondary" sx={{ fontSize: '0.9rem' }}>
                    {[projectCategoryLabels[project.category], project.suburb, `${project.photos.length} photos`]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
                    <Chip
                      size="small"
                      label={project.published ? 'Published' : 'Draft'}
                      color={project.published ? 'success' : 'default'}
                    />
                    {project.featured ? <Chip size="small" label="Featured" color="secondary" /> : null}
                    {project.processing ? <Chip size="small" label="Processing photos" /> : null}
                  </Stack>
                </Box>
                <RowActions
                  name={project.title}
                  onEdit={() => onEdit(project)}
                  onDelete={() => onDelete(project)}
                  deleting={remove.isPending && remove.variables === project.id}
                />
              </Box>
            );
          })}
        </Stack>
      )}
      {dialog}
    </Paper>
  );
}
