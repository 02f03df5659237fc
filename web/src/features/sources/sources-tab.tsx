import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { LeadSourceFigures } from '@site/domain';
import { useState, type ReactNode } from 'react';
import { sourcePeriods, useLeadSources, type SourcePeriod } from './api/lead-sources';

function FiguresTable({
  label,
  first,
  rows,
}: {
  label: string;
  first: string[];
  rows: Array<{ key: string; cells: ReactNode[]; figures: LeadSourceFigures }>;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {first.map((heading) => (
              <TableCell key={heading}>{heading}</TableCell>
            ))}
            <TableCell align="right">Leads</TableCell>
            <TableCell align="right">Quoted</TableCell>
            <TableCell align="right">Won</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ key, cells, figures }) => (
            <TableRow key={key}>
              {cells.map((cell, i) => (
                <TableCell key={i} sx={{ overflowWrap: 'anywhere' }}>
                  {cell}
                </TableCell>
              ))}
              <TableCell align="right">{figures.leads}</TableCell>
              <TableCell align="right">{figures.quoted}</TableCell>
              <TableCell align="right">{figures.won}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Where leads came from: leads, quoted and won per channel and per campaign over a chosen period. */
export function SourcesTab() {
  const [days, setDays] = useState<SourcePeriod>(30);
  const report = useLeadSources(days);
  return (
    <Stack spacing={3}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={days}
        onChange={(_event, value: SourcePeriod | null) => value && setDays(value)}
        aria-label="Period"
      >
        {sourcePeriods.map((period) => (
          <ToggleButton key={period} value={period}>
            Last {period} days
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary">
        Inquiries and quote requests that arrived in the period. Quoted counts those quoted or won now.
      </Typography>
      {report.error ? (
        <Alert severity="error">The sources could not be loaded.</Alert>
      ) : !report.data ? (
        <Skeleton variant="rectangular" height={240} aria-label="Loading the sources" />
      ) : (
        <>
          <FiguresTable
            label="Leads by channel"
            first={['Channel']}
            rows={report.data.channels.map(({ channel, ...figures }) => ({ key: channel, cells: [channel], figures }))}
          />
          <Typography component="h3" variant="h6">
            Campaigns
          </Typography>
          {report.data.campaigns.length ? (
            <FiguresTable
              label="Leads by campaign"
              first={['Campaign', 'Channel']}
              rows={report.data.campaigns.map(({ channel, campaign, ...figures }) => ({
                key: `${channel} ${campaign}`,
                cells: [campaign, channel],
                figures,
              }))}
            />
          ) : (
            <Typography>No leads from tagged campaigns in this period.</Typography>
          )}
          {!report.data.campaignsComplete && (
            <Alert severity="info">
              Campaigns are counted from the newest {report.data.campaignLeadsRead.toLocaleString('en-AU')} leads of the period; the
              channels above count them all.
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
