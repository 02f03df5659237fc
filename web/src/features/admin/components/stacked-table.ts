/**
 * A table's `sx` for phones, where its columns do not fit: each row becomes a block of
 * labelled lines (each cell's `data-label`, the column's header, before its value), a table
 * again from `sm` up. Empty cells leave out their line on a phone.
 */
export const stackedTableSx = {
  '& thead': { display: { xs: 'none', sm: 'table-header-group' } },
  '& tbody tr': { display: { xs: 'block', sm: 'table-row' }, py: { xs: 1, sm: 0 }, borderBottom: { xs: 1, sm: 0 }, borderColor: 'divider' },
  '& tbody td': {
    display: { xs: 'block', sm: 'table-cell' },
    border: { xs: 0, sm: undefined },
    py: { xs: 0.25, sm: undefined },
    maxWidth: { xs: 'none' },
    '&::before': { xs: { content: 'attr(data-label) ": "', fontWeight: 600 }, sm: { content: 'none' } },
  },
  '& tbody td:empty': { display: { xs: 'none', sm: 'table-cell' } },
} as const;
