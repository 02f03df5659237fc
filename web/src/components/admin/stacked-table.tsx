import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/**
 * On phones, where the columns do not fit, each row becomes a block of labelled lines (each
 * cell's `data-label`, the column's header, before its value); a table again from `sm` up.
 * Empty cells leave out their line on a phone.
 */
const stackedTableSx = {
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

export interface StackedColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  sx?: SxProps<Theme>;
  /** The cell's tooltip, e.g. the whole value a short one stands for. */
  title?: (row: T) => string | undefined;
}

interface StackedTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly StackedColumn<T>[];
  rows: readonly T[];
}

/** A small outlined table of an admin list's rows, stacked into labelled lines on a phone. */
export function StackedTable<T extends { id: string }>({ label, columns, rows }: StackedTableProps<T>) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label} sx={stackedTableSx}>
        <TableHead>
          <TableRow>
            {columns.map(({ header }) => (
              <TableCell key={header}>{header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {columns.map(({ header, cell, sx, title }) => (
                <TableCell key={header} data-label={header} sx={sx} title={title?.(row)}>
                  {cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
